import { z } from 'zod';
import { route } from '@/lib/http/route';
import { ZFieldInput } from '@/lib/registration/fields';
import { activeVersion, saveCommonSwitches, saveCustomField } from '@/lib/registration/field-config';
import { otherMethods } from '@/lib/http/method-not-allowed';

const ZVersion = { version: z.string().max(30).optional() };
const ZCommonSwitches = z.object({
  common: z.literal(true),
  key: z.string().max(40),
  enabled: z.boolean(),
  required: z.boolean(),
  ...ZVersion,
});

/** Adds or changes a custom item, or switches a common item, in a version's form (the one in use by default). */
export const POST = route(
  { auth: 'manager', body: z.union([ZCommonSwitches, ZFieldInput.and(z.object(ZVersion))]) },
  async ({ db, conference, body }) => {
    const version = body.version ?? (await activeVersion(db, conference.id));
    if ('common' in body) {
      await saveCommonSwitches(db, conference.id, body.key, body, version);
      return { key: body.key };
    }
    return { key: await saveCustomField(db, conference.id, body, version) };
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
