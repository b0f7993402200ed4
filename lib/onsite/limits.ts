import type { Executor } from '@/db/client';
import { hitRateLimit, LIMITS } from '@/lib/accounts/rate-limit';

/** The door's lookups are counted per staff account (a phone on the venue's wifi shares its address with others). */
export function limitCheckinSearch(db: Executor, userId: string) {
  return hitRateLimit(db, `checkin-search:user:${userId}`, LIMITS.checkinSearchPerAccount);
}
export function limitCheckinScan(db: Executor, userId: string) {
  return hitRateLimit(db, `checkin-scan:user:${userId}`, LIMITS.checkinScanPerAccount);
}
