import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { createTestDatabase, insertTestConference, testBackends } from '@/testing/harness/database';
import { chooseAppearance, deleteAppearance, listAppearances, saveAppearance } from './appearances';
import { ZAppearanceInput, ZTemplateInput } from './template-schemas';
import { deleteTemplate, findTemplate, listTemplates, saveTemplate, siteLook } from './templates';

describe.each(testBackends('both'))('templates and appearances on %s', (backend) => {
  let database: Database;
  let a: number;
  let b: number;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    const make = (slug: string) => insertTestConference(database.db, slug);
    a = await make('ta');
    b = await make('tb');
  });
  afterAll(() => database?.close());

  const template = (extra: Record<string, unknown> = {}) =>
    ZTemplateInput.parse({
      name: { zh: '经典', en: 'Classic' },
      type: 'home',
      content: {
        zh: '<section class="hero"><h1>{{title}}</h1>{{content}}</section>',
        en: '<section class="hero"><h1>{{title}}</h1>{{content}}</section>',
      },
      css: '.hero{color:#123}',
      ...extra,
    });
  const look = (extra: Record<string, unknown> = {}) => ZAppearanceInput.parse({ name: { zh: '蓝色', en: 'Blue' }, ...extra });

  it('validates names, kind and the 1024 KB stylesheet; stores sanitised HTML', async () => {
    expect(ZTemplateInput.safeParse({ ...template(), name: { zh: 'x'.repeat(101), en: 'x' } }).error?.issues[0].message).toBe(
      'templateNameTooLong',
    );
    expect(ZTemplateInput.safeParse({ ...template(), css: 'a'.repeat(1024 * 1024 + 1) }).error?.issues[0].message).toBe('cssTooLarge');
    expect(ZTemplateInput.safeParse({ ...template(), css: 'a'.repeat(1024 * 1024) }).success).toBe(true);
    expect(ZTemplateInput.safeParse({ ...template(), type: 'other' }).error?.issues[0].message).toBe('templateTypeRequired');
    expect(ZAppearanceInput.safeParse({ name: { zh: '外'.repeat(21), en: 'x' } }).error?.issues[0].message).toBe('appearanceNameTooLong');
    const { id } = await saveTemplate(
      database.db,
      a,
      template({
        content: { zh: '<div onclick="x()">{{title}}</div><script>alert(1)</script>', en: '<a href="javascript:alert(1)">x</a>' },
      }),
    );
    const stored = (await findTemplate(database.db, a, id))!;
    expect(stored.content).toEqual({ zh: '<div>{{title}}</div>', en: '<a>x</a>' });
  });

  it('keeps one default per kind and device; relates only a mobile template of the same kind', async () => {
    const first = await saveTemplate(database.db, a, template({ type: 'page', isDefault: true }));
    const second = await saveTemplate(database.db, a, template({ type: 'page', isDefault: true }));
    const defaults = (await listTemplates(database.db, a)).filter((t) => t.type === 'page' && !t.isMobile && t.isDefault);
    expect(defaults.map((t) => t.id)).toEqual([second.id]);
    expect((await findTemplate(database.db, a, first.id))!.isDefault).toBe(false);
    const mobileHome = await saveTemplate(database.db, a, template({ isMobile: true }));
    const otherConference = await saveTemplate(database.db, b, template({ isMobile: true }));
    await expect(saveTemplate(database.db, a, template({ type: 'page', mobileTemplateId: mobileHome.id }))).rejects.toMatchObject({
      code: 'MOBILE_TEMPLATE_INVALID',
    });
    await expect(saveTemplate(database.db, a, template({ mobileTemplateId: otherConference.id }))).rejects.toMatchObject({
      code: 'MOBILE_TEMPLATE_INVALID',
    });
    await expect(saveTemplate(database.db, a, template({ mobileTemplateId: first.id }))).rejects.toMatchObject({
      code: 'MOBILE_TEMPLATE_INVALID',
    });
    const desktop = await saveTemplate(database.db, a, template({ mobileTemplateId: mobileHome.id }));
    expect((await findTemplate(database.db, a, desktop.id))!.mobileTemplateId).toBe(mobileHome.id);
  });

  it('draws with the active appearance, else the defaults; phones get the related mobile template', async () => {
    const c = await insertTestConference(database.db, 'tc');
    expect(await siteLook(database.db, c)).toEqual({ home: { desktop: null, mobile: null }, page: { desktop: null, mobile: null } });
    const defaultHome = await saveTemplate(database.db, c, template({ isDefault: true }));
    const mobileHome = await saveTemplate(database.db, c, template({ isMobile: true }));
    const chosenHome = await saveTemplate(database.db, c, template({ mobileTemplateId: mobileHome.id }));
    const pageTemplate = await saveTemplate(database.db, c, template({ type: 'page' }));
    let drawn = await siteLook(database.db, c);
    expect([drawn.home.desktop?.id, drawn.home.mobile?.id, drawn.page.desktop]).toEqual([defaultHome.id, undefined, null]);
    const { id } = await saveAppearance(database.db, c, look({ homeTemplateId: chosenHome.id, pageTemplateId: pageTemplate.id }));
    await chooseAppearance(database.db, c, id);
    drawn = await siteLook(database.db, c);
    expect([drawn.home.desktop?.id, drawn.home.mobile?.id, drawn.page.desktop?.id]).toEqual([
      chosenHome.id,
      mobileHome.id,
      pageTemplate.id,
    ]);
    await chooseAppearance(database.db, c, null);
    expect((await siteLook(database.db, c)).home.desktop?.id).toBe(defaultHome.id);
    await expect(saveAppearance(database.db, c, look({ homeTemplateId: pageTemplate.id }))).rejects.toMatchObject({
      code: 'TEMPLATE_INVALID',
    });
    await expect(saveAppearance(database.db, c, look({ homeTemplateId: mobileHome.id }))).rejects.toMatchObject({
      code: 'TEMPLATE_INVALID',
    });
    await expect(saveAppearance(database.db, b, look({ homeTemplateId: chosenHome.id }))).rejects.toMatchObject({
      code: 'TEMPLATE_INVALID',
    });
  });

  it('refuses to delete the look in use or a template an appearance draws with', async () => {
    const home = await saveTemplate(database.db, b, template());
    const { id } = await saveAppearance(database.db, b, look({ homeTemplateId: home.id }));
    await chooseAppearance(database.db, b, id);
    await expect(deleteAppearance(database.db, b, id)).rejects.toMatchObject({ code: 'APPEARANCE_IN_USE', messageKey: 'lookInUse' });
    await expect(deleteTemplate(database.db, b, home.id)).rejects.toMatchObject({ code: 'TEMPLATE_IN_USE' });
    await expect(saveTemplate(database.db, b, { ...template({ type: 'page' }), id: home.id })).rejects.toMatchObject({
      code: 'TEMPLATE_KIND_IN_USE',
    });
    await expect(deleteAppearance(database.db, a, id)).rejects.toMatchObject({ code: 'APPEARANCE_NOT_FOUND' });
    await chooseAppearance(database.db, b, null);
    await deleteAppearance(database.db, b, id);
    await deleteTemplate(database.db, b, home.id);
    expect(await findTemplate(database.db, b, home.id)).toBeNull();
  });

  it('leaves exactly one look active when organisers choose at the same moment', async () => {
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push((await saveAppearance(database.db, a, look({ name: { zh: `外观${i}`, en: `Look ${i}` } }))).id);
    await Promise.all(ids.map((id) => chooseAppearance(database.db, a, id)));
    const active = (await listAppearances(database.db, a)).filter((l) => l.active);
    expect(active).toHaveLength(1);
    // A delete racing a choice of the same look: either the look is gone and not active, or it is active and kept.
    const target = ids.find((id) => id !== active[0].id)!;
    const [, removed] = await Promise.allSettled([chooseAppearance(database.db, a, target), deleteAppearance(database.db, a, target)]);
    const after = await listAppearances(database.db, a);
    const kept = after.find((l) => l.id === target);
    if (removed.status === 'fulfilled') expect(after.filter((l) => l.active).map((l) => l.id)).not.toContain(target);
    else expect(kept?.active).toBe(true);
    expect(after.filter((l) => l.active).length).toBeLessThanOrEqual(1);
  });
});
