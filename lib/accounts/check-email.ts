import type { Executor } from '@/db/client';
import { findUserByEmail } from './queries';
import { hitClientLimit, LIMITS } from './rate-limit';

/**
 * Whether an account exists for the address (checkEmail: sign-up needs it absent, reset needs it
 * present). It tells who has an account, so one client may ask LIMITS.checkEmailPerIp times per window.
 */
export async function isEmailRegistered(db: Executor, input: { email: string; ip: string | null }, now = new Date()): Promise<boolean> {
  await hitClientLimit(db, 'check-email', input.ip, LIMITS.checkEmailPerIp, now);
  return (await findUserByEmail(db, input.email)) !== null;
}
