import { route } from '@/lib/http/route';
import { ZOrganisationSearch } from '@/lib/oidc/schemas';
import { searchOrganisations } from '@/lib/oidc/search';
import { otherMethods } from '@/lib/http/method-not-allowed';

/**
 * The organisation search (spec §7): body {query, selectInput 'edugain,local' | 'edugain', clientId,
 * redirectUri, state, nonce}; data is the list of {zname, ename, entityId, redirectUrl, …}. The
 * redirect URL begins the login at that organisation and comes back to `state` (a path of this site).
 */
export const POST = route({ body: ZOrganisationSearch }, async ({ db, body, locale }) =>
  searchOrganisations(db, { query: body.query, selectInput: body.selectInput, returnPath: body.state, locale }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
