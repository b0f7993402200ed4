import { headers } from 'next/headers';
import { sitemapXml, originOf } from '@/lib/conferences/seo';
import { getRequestContext } from '@/lib/tenancy/context';

export const dynamic = 'force-dynamic';

/** This host's conference's sitemap (empty while it is not published). */
export async function GET() {
  const [ctx, h] = await Promise.all([getRequestContext(), headers()]);
  if (!ctx.conference) return new Response('Not found', { status: 404 });
  return new Response(sitemapXml(ctx.conference, originOf(h)), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
