const BASE = 'http://same-origin.invalid';

/**
 * Only a path on this site may be a return address after login (no open redirects): it must start
 * with a single '/', carry no control characters or backslashes (browsers drop or rewrite them,
 * turning '/\t/evil.example' into '//evil.example'), and still resolve to this origin.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}
