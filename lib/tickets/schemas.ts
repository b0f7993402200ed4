import { z } from 'zod';
import { ZId } from '@/lib/validation/primitives';

/** A manager's reissue of one registrant's ticket. */
export const ZTicketReissue = z.object({ registrationId: ZId });
export type TicketReissue = z.output<typeof ZTicketReissue>;
