import { z } from 'zod';
import { route } from '@/lib/http/route';
import { findBasicConfig, saveBasicConfig } from '@/lib/registration/basic-config';
import { COUNTRY_CODES } from '@/lib/registration/countries';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Restricts the countries offered by the country field (an empty list offers all). */
export const POST = route(
  {
    auth: 'manager',
    body: z.object({ countries: z.array(z.string().refine((c) => COUNTRY_CODES.includes(c), 'invalidChoice')).max(300) }),
  },
  async ({ db, conference, body }) => {
    const current = await findBasicConfig(db, conference.id);
    await saveBasicConfig(db, conference.id, { ...current, countryOptions: body.countries });
    return { countries: body.countries };
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
