import { NextResponse } from 'next/server';
import { sql } from 'drizzle-orm';
import { getDatabase } from '@/db/client';
import { ok, fail } from '@/lib/http/envelope';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { isDraining } from '@/lib/server/draining';
import { storageKey } from '@/lib/storage/keys';
import { storage } from '@/lib/storage/storage';

export const dynamic = 'force-dynamic';

/** A key no file ever has (conference 1's temporary area, all zeros): asking for it proves the storage answers. */
const PROBE = storageKey(1, 'temp', '00000000000000000000000000000000.txt');

/**
 * Readiness, for load balancers and orchestrators (docs/operations.md): 200 when this process takes requests — its
 * database answers and its storage (the upload folder or the bucket) answers; 503 while it shuts down (SIGTERM: the
 * requests in flight finish, new ones should go elsewhere) or when either is unreachable. `/api/health` is liveness.
 */
export async function GET() {
  if (isDraining()) return NextResponse.json(fail(503, 'UNAVAILABLE', 'shutting down'), { status: 503 });
  try {
    const database = await getDatabase();
    await database.db.execute(sql`select 1`);
  } catch (error) {
    console.error('[ready] database', error);
    return NextResponse.json(fail(503, 'UNAVAILABLE', 'database unavailable'), { status: 503 });
  }
  try {
    await storage().exists(PROBE);
  } catch (error) {
    console.error('[ready] storage', error);
    return NextResponse.json(fail(503, 'UNAVAILABLE', 'storage unavailable'), { status: 503 });
  }
  return NextResponse.json(ok({ status: 'ready' }), { headers: { 'cache-control': 'no-store' } });
}

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
