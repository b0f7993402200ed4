/** A string no column should hold and no address should carry: a NUL byte (PostgreSQL refuses it) or a lone surrogate (not text). */
export function isUnsafeString(value: string): boolean {
  return value.includes('\u0000') || !value.isWellFormed();
}

/** A percent-encoded address part decoded, or null when its encoding is broken (`%ZZ`) or it decodes to unsafe text. */
export function decodeAddressPart(part: string): string | null {
  try {
    const value = decodeURIComponent(part);
    return isUnsafeString(value) ? null : value;
  } catch {
    return null;
  }
}
