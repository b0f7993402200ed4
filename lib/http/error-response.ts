import { NextResponse } from 'next/server';
import { ZodError } from 'zod';
import type { Locale } from '@/lib/i18n/localized';
import { hasMessage, serverTranslator } from '@/lib/i18n/server-messages';
import { AppError } from './app-error';
import { fail } from './envelope';

/**
 * A database error caused by what the caller sent (a value out of a column's range, text the
 * database cannot hold, an impossible date): SQLSTATE class 22, data exception. The schemas
 * refuse such input first; this is the net under them, so it still answers 400, never 500.
 */
function isDataException(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

/** Any error as the envelope in the caller's language: AppError and zod as told, the rest logged and generic. */
export function errorResponse(error: unknown, locale: Locale): NextResponse {
  const { envelope, status } = errorEnvelope(error, locale);
  return NextResponse.json(envelope, { status });
}

/** errorResponse's envelope and status. */
export function errorEnvelope(error: unknown, locale: Locale): { envelope: ReturnType<typeof fail>; status: number } {
  const t = serverTranslator(locale, 'errors');
  if (error instanceof AppError) {
    const message = t(error.messageKey, error.values);
    return {
      envelope: fail(error.status, error.code, message, error.field ? { [error.field]: message } : undefined),
      status: error.status,
    };
  }
  if (error instanceof ZodError) {
    const tv = serverTranslator(locale, 'validation');
    const fields: Record<string, string> = {};
    for (const issue of error.issues) {
      const key = issue.path.join('.') || '_';
      fields[key] ??= hasMessage(locale, 'validation', issue.message) ? tv(issue.message) : t('invalidInput');
    }
    return { envelope: fail(400, 'INVALID_INPUT', Object.values(fields)[0] ?? t('invalidInput'), fields), status: 400 };
  }
  if (isDataException(error)) {
    console.warn('[api] input refused by the database', (error as Error).message);
    return { envelope: fail(400, 'INVALID_INPUT', t('invalidInput')), status: 400 };
  }
  console.error('[api] unexpected error', error);
  return { envelope: fail(500, 'INTERNAL', t('internal')), status: 500 };
}
