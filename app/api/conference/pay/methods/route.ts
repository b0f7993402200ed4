import { route } from '@/lib/http/route';
import { payerMethods } from '@/lib/payments/methods';

/** The payment methods a participant may choose, with the payee details of the offline ones. */
export const GET = route({ auth: 'user', published: true }, async ({ db, conference }) => payerMethods(db, conference.id));
