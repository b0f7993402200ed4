import type { Executor } from '@/db/client';
import { envLimit, hitClientLimit } from '@/lib/accounts/rate-limit';

/**
 * Verification lookups one client may make in 10 minutes (the API and the public page alike). A code is 80 random
 * bits, so guessing is hopeless anyway; the limit keeps the lookups from being a load on the database.
 */
export const VERIFY_LIMIT = { max: envLimit('RATE_LIMIT_CERTIFICATE_VERIFY_IP', 60), windowSeconds: 600 };

/** Counts one lookup of this client; RATE_LIMITED past the limit (skipped when no client address is known). */
export async function checkVerifyRate(db: Executor, ip: string | null, now = new Date()): Promise<void> {
  await hitClientLimit(db, 'certificate-verify', ip, VERIFY_LIMIT, now);
}
