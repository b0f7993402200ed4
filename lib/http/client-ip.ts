/**
 * The header scripts/serve.ts sets to the socket's address on every request, after deleting any
 * value the client sent, so nobody outside can choose it.
 */
export const CLIENT_IP_HEADER = 'x-confhub-client-ip';

/**
 * The caller's address for per-client limits. With TRUST_PROXY=1 the reverse proxy's
 * X-Forwarded-For: its last entry, the one the proxy itself appended (earlier entries come from the
 * client and can be forged); else the socket address scripts/serve.ts passes on. Null when neither is
 * known (Next's own dev server): per-client limits are then skipped, never shared.
 */
export function clientIp(headers: Headers): string | null {
  if (process.env.TRUST_PROXY === '1') {
    const forwarded = headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() || headers.get('x-real-ip')?.trim();
    if (forwarded) return forwarded;
  }
  return headers.get(CLIENT_IP_HEADER)?.trim() || null;
}
