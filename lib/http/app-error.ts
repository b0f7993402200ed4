/**
 * The one error type. `messageKey` names a key under `errors` in messages/*.json, so the user reads the
 * message in their own language; `code` is stable for API clients; never match on message text.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly messageKey: string,
    readonly status: number = 400,
    readonly values?: Record<string, string | number>,
  ) {
    super(`${code}: ${messageKey}`);
    this.name = 'AppError';
  }
}

export const Errors = {
  unauthenticated: () => new AppError('UNAUTHENTICATED', 'sessionExpired', 401),
  forbidden: () => new AppError('FORBIDDEN', 'forbidden', 403),
  notFound: () => new AppError('NOT_FOUND', 'notFound', 404),
  noConference: () => new AppError('NO_CONFERENCE', 'noConference', 404),
  invalid: () => new AppError('INVALID_INPUT', 'invalidInput', 400),
  rateLimited: () => new AppError('RATE_LIMITED', 'rateLimited', 429),
  unpublished: () => new AppError('UNPUBLISHED', 'unpublished', 403),
};
