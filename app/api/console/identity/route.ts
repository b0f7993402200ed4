import { route } from '@/lib/http/route';
import { listProvidersForAdmin, saveProvider } from '@/lib/oidc/admin';
import { ZIdentityProviderInput } from '@/lib/oidc/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The identity providers (organisations and the central account system), without their secrets. */
export const GET = route({ auth: 'platformAdmin' }, async ({ db }) => listProvidersForAdmin(db));

/** Adds a provider (the client secret is encrypted at rest and never sent back). */
export const POST = route({ auth: 'platformAdmin', body: ZIdentityProviderInput }, async ({ db, body }) => saveProvider(db, null, body));

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
