import { makeSignature } from 'better-auth/crypto';
import { getAuth, type Auth } from '@/lib/auth/auth';
import { sessionAddress } from '@/lib/http/client-ip';

export type CreatedSession = { token: string; setCookies: string[]; sessionId: string };

function serializeCookie(name: string, value: string, attributes: Record<string, unknown>): string {
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (typeof attributes.maxAge === 'number') parts.push(`Max-Age=${Math.floor(attributes.maxAge)}`);
  if (typeof attributes.domain === 'string') parts.push(`Domain=${attributes.domain}`);
  parts.push(`Path=${typeof attributes.path === 'string' ? attributes.path : '/'}`);
  if (attributes.httpOnly !== false) parts.push('HttpOnly');
  if (attributes.secure) parts.push('Secure');
  const sameSite = typeof attributes.sameSite === 'string' ? attributes.sameSite : 'lax';
  parts.push(`SameSite=${sameSite.charAt(0).toUpperCase()}${sameSite.slice(1).toLowerCase()}`);
  return parts.join('; ');
}

/**
 * Signs `userId` in through Better Auth (a session row made by its internal adapter), as the email
 * login does: browsers get the same signed HttpOnly session cookie, API clients the signed token
 * to send as `Authorization: Bearer`. The session records the client's address as every session does
 * (sessionAddress: the socket's, or a trusted proxy's report).
 */
export async function createSessionFor(userId: string, input: { headers: Headers; auth?: Auth }): Promise<CreatedSession> {
  const auth = input.auth ?? (await getAuth());
  const ctx = await auth.$context;
  const session = await ctx.internalAdapter.createSession(userId, false, {
    ipAddress: sessionAddress(input.headers),
    userAgent: input.headers.get('user-agent') ?? '',
  });
  const signed = `${session.token}.${await makeSignature(session.token, ctx.secret)}`;
  const cookie = ctx.authCookies.sessionToken;
  return {
    token: signed,
    sessionId: session.id,
    setCookies: [serializeCookie(cookie.name, signed, cookie.attributes as Record<string, unknown>)],
  };
}
