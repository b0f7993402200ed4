import { isCommonPassword } from './common-passwords';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/** Leet-speak read back as letters; 1 and ! may stand for l or i, so both readings are tried. */
const LEET: Record<string, string> = { '0': 'o', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '9': 'g', '@': 'a', $: 's', '+': 't' };

function deleet(text: string, one: 'l' | 'i'): string {
  return [...text].map((c) => (c === '1' || c === '!' || c === '|' ? one : (LEET[c] ?? c))).join('');
}

/** Without the digits and symbols around it: "dragon" in "dragon2026!". */
const core = (text: string) => text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
const lettersOnly = (text: string) => text.replace(/[^\p{L}]/gu, '');

/** The readings a password is checked as: itself, its core, and both leet readings of each. */
function readings(lower: string): string[] {
  const found = new Set<string>();
  for (const text of [lower, core(lower)]) {
    found.add(text);
    for (const one of ['l', 'i'] as const) {
      found.add(deleet(text, one));
      found.add(core(deleet(text, one)));
    }
  }
  return [...found];
}

/** Keyboard rows and columns (QWERTY, number pad), the alphabet and the digits: neighbours here are a walk. */
const WALKS = [
  '`1234567890-=',
  'qwertyuiop[]\\',
  "asdfghjkl;'",
  'zxcvbnm,./',
  '~!@#$%^&*()_+',
  "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0p;/-['=]",
  'abcdefghijklmnopqrstuvwxyz',
  '7894561230',
  '1472583690',
];

function neighbours(a: string, b: string): boolean {
  return WALKS.some((walk) => {
    const i = walk.indexOf(a);
    return i >= 0 && (walk[i + 1] === b || walk[i - 1] === b);
  });
}

/**
 * How many characters are left outside patterns: runs of 3+ characters that repeat one character
 * ("aaaa") or walk over neighbouring keys, letters or digits ("qwerty", "abc", "1qaz", "4321").
 */
function charactersOutsidePatterns(lower: string): number {
  const chars = [...lower];
  const inPattern = new Array<boolean>(chars.length).fill(false);
  let start = 0;
  for (let i = 1; i <= chars.length; i++) {
    const linked = i < chars.length && (chars[i] === chars[i - 1] || neighbours(chars[i - 1], chars[i]));
    if (linked) continue;
    if (i - start >= 3) inPattern.fill(true, start, i);
    start = i;
  }
  return inPattern.filter((covered) => !covered).length;
}

/** The pieces of the email's local part and of the name (2+ letters each), and each as a whole. */
function personalTokens(context: { email?: string; name?: string }): string[] {
  const tokens = new Set<string>();
  const local = context.email?.toLowerCase().split('@')[0] ?? '';
  const name = context.name?.toLowerCase() ?? '';
  for (const text of [local, name]) {
    for (const piece of text.split(/[^\p{L}]+/u)) if (piece.length >= 2) tokens.add(piece);
    if (lettersOnly(text).length >= 2) tokens.add(lettersOnly(text));
  }
  return [...tokens].sort((a, b) => b.length - a.length);
}

/** Whether the password is (almost) only pieces of the email or name, in any order, with digits, symbols or leet around them. */
function builtFromPersonal(lower: string, context: { email?: string; name?: string }): boolean {
  const email = context.email?.toLowerCase();
  if (email && lower.includes(email)) return true;
  const tokens = personalTokens(context);
  if (tokens.length === 0) return false;
  return [lower, deleet(lower, 'l'), deleet(lower, 'i')].some((reading) => {
    const letters = lettersOnly(reading);
    let rest = letters;
    for (const token of tokens) rest = rest.split(token).join('');
    return rest.length < letters.length && rest.length < 3;
  });
}

/**
 * The server-side strength rule. Returns null when strong enough, else the `validation` message key:
 * 8–64 characters (passwordTooShort / passwordTooLong); at least one letter and one digit
 * (passwordWeak); fewer than 4 characters outside repeated characters and keyboard, letter or digit
 * walks (passwordPattern: "aaaaaaa1", "qwerty12", "abc12345"); not on the shipped list of common
 * passwords, read as typed, without the digits and symbols around it, or with leet-speak read back
 * (passwordCommon: "Passw0rd", "dragon2026!"); not built from the email's local part or the name
 * (passwordPersonal: "WangFang1990", "l1.m1ng!").
 */
export function passwordWeakness(password: string, context: { email?: string; name?: string } = {}): string | null {
  if (password.length < PASSWORD_MIN) return 'passwordTooShort';
  if (password.length > PASSWORD_MAX) return 'passwordTooLong';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return 'passwordWeak';
  const lower = password.toLowerCase();
  if (charactersOutsidePatterns(lower) < 4) return 'passwordPattern';
  if (readings(lower).some((reading) => reading.length >= 4 && isCommonPassword(reading))) return 'passwordCommon';
  if (builtFromPersonal(lower, context)) return 'passwordPersonal';
  return null;
}
