import { z } from 'zod';
import { route } from '@/lib/http/route';
import { ZFieldInput } from '@/lib/registration/fields';
import { saveCommonSwitches, saveCustomField } from '@/lib/registration/field-config';

const ZCommonSwitches = z.object({ common: z.literal(true), key: z.string().max(40), enabled: z.boolean(), required: z.boolean() });

/** Adds or changes a custom item, or switches a common item (organisers only). */
export const POST = route({ auth: 'manager', body: z.union([ZCommonSwitches, ZFieldInput]) }, async ({ db, conference, body }) => {
  if ('common' in body) {
    await saveCommonSwitches(db, conference.id, body.key, body);
    return { key: body.key };
  }
  return { key: await saveCustomField(db, conference.id, body) };
});
