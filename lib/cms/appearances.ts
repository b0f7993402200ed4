import { and, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { DB, Executor } from '@/db/client';
import { appearance, conference } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import type { ZAppearanceInput } from './template-schemas';
import { findTemplate, forgetLook } from './templates';

export type Appearance = typeof appearance.$inferSelect;

/** A conference's appearances, the active one first. */
export async function listAppearances(db: Executor, conferenceId: number): Promise<Appearance[]> {
  return db
    .select()
    .from(appearance)
    .where(eq(appearance.conferenceId, conferenceId))
    .orderBy(desc(appearance.active), desc(appearance.updatedAt), desc(appearance.id));
}

export async function findAppearance(db: Executor, conferenceId: number, id: number): Promise<Appearance | null> {
  const [row] = await db
    .select()
    .from(appearance)
    .where(and(eq(appearance.conferenceId, conferenceId), eq(appearance.id, id)));
  return row ?? null;
}

/** Creates or changes an appearance; each template must be a desktop template of its kind in this conference. */
export async function saveAppearance(db: DB, conferenceId: number, input: z.output<typeof ZAppearanceInput>): Promise<{ id: number }> {
  const id = await db.transaction(async (tx) => {
    for (const [type, templateId] of [
      ['home', input.homeTemplateId],
      ['page', input.pageTemplateId],
    ] as const) {
      if (!templateId) continue;
      const template = await findTemplate(tx, conferenceId, templateId);
      if (!template || template.type !== type || template.isMobile) throw new AppError('TEMPLATE_INVALID');
    }
    const values = {
      name: input.name,
      thumbnail: input.thumbnail,
      homeTemplateId: input.homeTemplateId,
      pageTemplateId: input.pageTemplateId,
      updatedAt: new Date(),
    };
    if (input.id) {
      const updated = await tx
        .update(appearance)
        .set(values)
        .where(and(eq(appearance.conferenceId, conferenceId), eq(appearance.id, input.id)))
        .returning({ id: appearance.id });
      if (!updated.length) throw new AppError('APPEARANCE_NOT_FOUND');
      return input.id;
    }
    const [row] = await tx
      .insert(appearance)
      .values({ conferenceId, ...values })
      .returning({ id: appearance.id });
    return row.id;
  });
  forgetLook(conferenceId);
  return { id };
}

/** Takes the conference's row lock: appearance choices and deletions of one conference go one at a time. */
async function lockConference(tx: Executor, conferenceId: number): Promise<void> {
  await tx.select({ id: conference.id }).from(conference).where(eq(conference.id, conferenceId)).for('update');
}

/**
 * Makes an appearance the active one (null: the built-in look). Choices for one conference are
 * taken one at a time (its row is locked), so exactly one stays active.
 */
export async function chooseAppearance(db: DB, conferenceId: number, id: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    await lockConference(tx, conferenceId);
    await tx
      .update(appearance)
      .set({ active: false })
      .where(and(eq(appearance.conferenceId, conferenceId), eq(appearance.active, true), id ? ne(appearance.id, id) : undefined));
    if (id === null) return;
    const chosen = await tx
      .update(appearance)
      .set({ active: true })
      .where(and(eq(appearance.conferenceId, conferenceId), eq(appearance.id, id)))
      .returning({ id: appearance.id });
    if (!chosen.length) throw new AppError('APPEARANCE_NOT_FOUND');
  });
  forgetLook(conferenceId);
}

/** Deletes an appearance unless it is the one in use ("cannot delete the look in use"). */
export async function deleteAppearance(db: DB, conferenceId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockConference(tx, conferenceId);
    const current = await findAppearance(tx, conferenceId, id);
    if (!current) throw new AppError('APPEARANCE_NOT_FOUND');
    if (current.active) throw new AppError('APPEARANCE_IN_USE');
    await tx.delete(appearance).where(and(eq(appearance.conferenceId, conferenceId), eq(appearance.id, id)));
  });
  forgetLook(conferenceId);
}
