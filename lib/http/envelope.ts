/** The REST-contract envelope: `code` 200 on success, else the HTTP status with a stable `error` code. */
export type Envelope<T> = { code: number; message: string; data: T; error?: string; fields?: Record<string, string> };

export function ok<T>(data: T, message = 'ok'): Envelope<T> {
  return { code: 200, message, data };
}

export function fail(status: number, error: string, message: string, fields?: Record<string, string>): Envelope<null> {
  return { code: status, message, data: null, error, ...(fields ? { fields } : {}) };
}
