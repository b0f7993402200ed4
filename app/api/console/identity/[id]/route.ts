import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';
import { saveProvider } from '@/lib/oidc/admin';
import { ZIdentityProviderInput } from '@/lib/oidc/schemas';
import { parseId } from '@/lib/validation/primitives';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Changes a provider; a blank client secret keeps the stored one. */
export const PUT = route({ auth: 'platformAdmin', body: ZIdentityProviderInput }, async ({ db, params, body }) => {
  const id = parseId(params.id);
  if (id === null) throw new AppError('IDENTITY_PROVIDER_NOT_FOUND');
  return saveProvider(db, id, body);
});

export const { GET, POST, PATCH, DELETE } = otherMethods('PUT');
