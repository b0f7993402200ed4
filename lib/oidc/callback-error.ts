/** Errors a provider may answer instead of a code when asked with prompt=none: the visitor is simply not signed in there. */
export const SILENT_LOGIN_ERRORS = new Set(['login_required', 'interaction_required', 'consent_required', 'account_selection_required']);

/** The message key (under oidcCallback) and value for a callback address without a usable code, or null when it has one. */
export function callbackProblem(query: {
  code?: string;
  state?: string;
  error?: string;
}): { key: 'unavailable' | 'denied' | 'missing'; error?: string } | null {
  if (query.error === 'unavailable') return { key: 'unavailable' };
  if (query.error) return { key: 'denied', error: query.error.slice(0, 60).replace(/[^\w.-]/g, '') };
  if (!query.code || !query.state) return { key: 'missing' };
  return null;
}
