/**
 * The door's offline queue, shared by the phone (components/onsite/checkin-queue.ts) and the server
 * (lib/onsite/check-in.ts); no server imports, so the phone's bundle takes it as it is.
 *
 * A check-in waits on a phone without a network at most OFFLINE_CHECKIN_MAX_AGE_MS: the phone does not send one
 * older than that (it tells the staff to check the person in again), and the server never records a scan time
 * earlier than its own clock minus this age, nor later than its own clock, whatever a client says.
 */
export const OFFLINE_CHECKIN_MAX_AGE_MS = 48 * 60 * 60 * 1000;

/** Whether a check-in scanned at `scannedAt` has waited on the phone too long to be sent. */
export function offlineCheckinExpired(scannedAt: Date, now: Date): boolean {
  return !(now.getTime() - scannedAt.getTime() <= OFFLINE_CHECKIN_MAX_AGE_MS);
}

/** A scan time as the server records it: within [now − OFFLINE_CHECKIN_MAX_AGE_MS, now]. */
export function clampScannedAt(scannedAt: Date, now: Date): Date {
  const latest = now.getTime();
  const earliest = latest - OFFLINE_CHECKIN_MAX_AGE_MS;
  return new Date(Math.min(latest, Math.max(earliest, scannedAt.getTime())));
}
