import { NextResponse } from 'next/server';
import { sql } from 'drizzle-orm';
import { getDatabase } from '@/db/client';
import { ok, fail } from '@/lib/http/envelope';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/** Liveness and database reachability, for load balancers and the start script. */
export async function GET() {
  try {
    const database = await getDatabase();
    await database.db.execute(sql`select 1`);
    return NextResponse.json(ok({ status: 'ok', database: database.kind }));
  } catch (error) {
    console.error('[health]', error);
    return NextResponse.json(fail(503, 'UNAVAILABLE', 'database unavailable'), { status: 503 });
  }
}

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
