/** Passwords too common to accept, whatever their shape. */
const COMMON = new Set([
  'password1',
  'password123',
  'qwerty123',
  'abc12345',
  '12345678a',
  'a12345678',
  'iloveyou1',
  'admin123',
  '1qaz2wsx',
  'qwer1234',
  'asdf1234',
  'zxcv1234',
]);

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/**
 * The server-side strength rule: 8–64 characters, at least one letter and one digit, not a
 * well-known password, and not the email or its local part. Returns null when strong enough,
 * else the `validation` message key.
 */
export function passwordWeakness(password: string, context: { email?: string; name?: string } = {}): string | null {
  if (password.length < PASSWORD_MIN) return 'passwordTooShort';
  if (password.length > PASSWORD_MAX) return 'passwordTooLong';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return 'passwordWeak';
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return 'passwordWeak';
  const email = context.email?.toLowerCase();
  if (email && (lower === email || lower === email.split('@')[0])) return 'passwordWeak';
  if (context.name && lower === context.name.trim().toLowerCase()) return 'passwordWeak';
  return null;
}
