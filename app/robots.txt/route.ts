import { headers } from 'next/headers';
import { originOf, robotsTxt } from '@/lib/conferences/seo';
import { getRequestContext } from '@/lib/tenancy/context';

export const dynamic = 'force-dynamic';

/** This host's robots.txt: open when its conference is published, closed otherwise. */
export async function GET() {
  const [ctx, h] = await Promise.all([getRequestContext(), headers()]);
  return new Response(robotsTxt(ctx.conference, originOf(h)), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
