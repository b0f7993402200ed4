import { z } from 'zod';
import { route } from '@/lib/http/route';
import { loadCountryOptions, loadFields } from '@/lib/registration/field-config';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** A version's registration form (the one in use by default): all fields or one by `field` key, and the offered countries. */
export const GET = route(
  { query: z.object({ field: z.string().max(40).optional(), version: z.string().max(30).optional() }) },
  async ({ db, conference, query }) => {
    const [fields, countryOptions] = await Promise.all([
      loadFields(db, conference.id, query.version),
      loadCountryOptions(db, conference.id),
    ]);
    return { fields: query.field ? fields.filter((f) => f.key === query.field) : fields, countryOptions };
  },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
