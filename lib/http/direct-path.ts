import { NextResponse } from 'next/server';
import { DIRECT, JSON_TEXT } from './direct-symbols';

/** A JSON answer: for the direct path its text beside a bodiless answer, otherwise NextResponse.json. */
export function jsonAnswer(req: Request, payload: unknown, status = 200): NextResponse {
  if (!(req as { [DIRECT]?: boolean })[DIRECT]) return NextResponse.json(payload, { status });
  const response = new NextResponse(null, { status, headers: { 'content-type': 'application/json' } });
  return Object.defineProperty(response, JSON_TEXT, { value: JSON.stringify(payload) });
}
