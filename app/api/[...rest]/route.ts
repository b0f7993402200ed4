import type { NextRequest } from 'next/server';
import { AppError } from '@/lib/http/app-error';
import { errorResponse } from '@/lib/http/error-response';
import { requestLocale } from '@/lib/http/route';
import { withSecurityHeaders } from '@/lib/http/security-headers';

/** Any /api address the platform does not serve: the envelope with 404, in the caller's language. */
async function unknownCall(req: NextRequest): Promise<Response> {
  return withSecurityHeaders(req, errorResponse(new AppError('NOT_FOUND'), requestLocale(req)));
}

export { unknownCall as GET, unknownCall as POST, unknownCall as PUT, unknownCall as PATCH, unknownCall as DELETE };
