import { z } from 'zod';
import { route } from '@/lib/http/route';
import { loadCountryOptions, loadFields } from '@/lib/registration/field-config';

/** The registration form's fields (all, or one by `field` key) and the offered countries. */
export const GET = route({ query: z.object({ field: z.string().max(40).optional() }) }, async ({ db, conference, query }) => {
  const [fields, countryOptions] = await Promise.all([loadFields(db, conference.id), loadCountryOptions(db, conference.id)]);
  return { fields: query.field ? fields.filter((f) => f.key === query.field) : fields, countryOptions };
});
