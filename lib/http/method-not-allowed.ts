import { AppError } from './app-error';
import { errorResponse } from './error-response';
import { requestLocale } from './request-locale';
import { withSecurityHeaders } from './security-headers';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A method an address does not take: the 405 envelope in the caller's language, with `Allow`. */
export type MethodNotAllowedHandler = ((req: Request) => Promise<Response>) & { allow: readonly HttpMethod[] };

/**
 * The handlers of the methods a route file does not serve (Next would answer those with an empty
 * 405): `export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');`. Every file under
 * app/api exports all five methods (the fuzz walk checks it), so a wrong method always gets the
 * JSON envelope with 405 and the `Allow` header.
 */
export function otherMethods<const M extends HttpMethod>(...allowed: M[]): Record<Exclude<HttpMethod, M>, MethodNotAllowedHandler> {
  const allow = allowed.includes('GET' as M) ? [...allowed, 'HEAD'] : allowed;
  const handler = Object.assign(
    async (req: Request): Promise<Response> => {
      const response = withSecurityHeaders(req, errorResponse(new AppError('METHOD_NOT_ALLOWED'), requestLocale(req)));
      response.headers.set('allow', allow.join(', '));
      return response;
    },
    { allow: allowed as readonly HttpMethod[] },
  );
  const others = HTTP_METHODS.filter((m) => !(allowed as readonly HttpMethod[]).includes(m));
  return Object.fromEntries(others.map((m) => [m, handler])) as Record<Exclude<HttpMethod, M>, MethodNotAllowedHandler>;
}
