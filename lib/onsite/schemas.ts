import { z } from 'zod';
import { ZId } from '@/lib/validation/primitives';

/** A device's id for one scan (the offline queue): a UUID made on the phone. */
export const ZClientId = z.string().uuid();

/** A ticket token as scanned: what the QR code held (checked for its signature on the server). */
const ZToken = z.string().trim().min(1).max(200);

/** Looking a scanned ticket up on a list, before the tap that checks in. */
export const ZCheckinScan = z.object({ listId: ZId, token: ZToken });

/**
 * One check-in: by ticket (scanned) or by registration (found by search). clientId makes a replay from the offline
 * queue land once; scannedAt is when the phone saw it (offline scans are sent later), kept by the server within
 * [its clock − OFFLINE_CHECKIN_MAX_AGE_MS, its clock] (lib/onsite/offline-queue.ts).
 */
export const ZCheckinInput = z
  .object({
    listId: ZId,
    token: ZToken.optional(),
    registrationId: ZId.optional(),
    clientId: ZClientId,
    scannedAt: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((v) => (v.token === undefined) !== (v.registrationId === undefined), { message: 'token or registrationId', path: ['token'] });
export type CheckinInput = z.output<typeof ZCheckinInput>;

export const ZCheckinUndo = z.object({ listId: ZId, registrationId: ZId });

export const ZCheckinSearch = z.object({ listId: ZId, q: z.string().trim().min(2).max(100) });

export const ZCheckinStaffGrant = z.object({ email: z.string().trim().toLowerCase().email().max(254) });
export const ZCheckinStaffRevoke = z.object({ userId: z.string().min(1).max(100) });

/** The organiser's check-in settings: contactSearch lets the door search by email and phone (and shows what matched). */
export const ZCheckinConfig = z.object({ contactSearch: z.boolean() });

export const ZCheckinFeeList = z.object({ feeId: ZId, enabled: z.boolean() });

export const ZCheckinExport = z.object({ listId: z.coerce.number().int().positive().max(2_147_483_647).optional() });
