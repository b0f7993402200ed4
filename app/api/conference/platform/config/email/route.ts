import { route } from '@/lib/http/route';
import { managedMailConfig, saveMailConfig } from '@/lib/mail/conference-config';
import { ZMailConfigInput } from '@/lib/mail/config-schema';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The conference's mail account as managers see it (the password only as "set"; null: none yet). */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => ({ config: await managedMailConfig(db, conference.id) }));

/** Saves the mail account (an empty password keeps the stored one for the same server and login; an internal host is refused). */
export const PUT = route({ auth: 'manager', body: ZMailConfigInput, changesSite: false }, async ({ db, conference, body }) => ({
  config: await saveMailConfig(db, conference.id, body),
}));

export const { POST, PATCH, DELETE } = otherMethods('GET', 'PUT');
