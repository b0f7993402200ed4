import { listFees } from '@/lib/fees/fee-config';
import { route } from '@/lib/http/route';

/** Every fee of this conference with its places taken (organisers). */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => listFees(db, conference.id));
