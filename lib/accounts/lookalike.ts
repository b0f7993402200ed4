/**
 * Look-alike and invisible characters in emails and names (used by the shared zod schemas, so the
 * form and the handler refuse the same things). Pure: safe in the browser.
 */

/** Text-direction controls: they can make a name read differently from what it is. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/**
 * Characters a name never needs: bidi controls, control characters, zero-width space, word joiner,
 * BOM and the other invisible fillers. ZWJ/ZWNJ (U+200C/U+200D) stay allowed: some scripts need them.
 */
const NAME_INVISIBLE = /[\p{Cc}\u200B\u2060-\u2064\uFEFF\u00AD\u034F\u115F\u1160\u3164\uFFA0\u180E]/u;

/** Anything invisible or formatting in an address: every format (Cf) character, controls, private use, unassigned, fillers. */
const EMAIL_INVISIBLE = /[\p{Cf}\p{Cc}\p{Co}\p{Cn}\u034F\u115F\u1160\u3164\uFFA0\uFE00-\uFE0F\u2800]/u;

/** Scripts told apart in a label; letters of any other script count as one "other" script. */
const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Cherokee',
  'Coptic',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Bopomofo',
  'Arabic',
  'Hebrew',
  'Thai',
  'Lao',
  'Devanagari',
  'Bengali',
  'Tamil',
  'Telugu',
  'Ethiopic',
  'Mongolian',
  'Tibetan',
] as const;
const SCRIPT_PATTERNS = SCRIPTS.map((name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')] as const);

/** Script mixes that are normal writing (Unicode TR39's "highly restrictive" level): Latin with CJK. */
const ALLOWED_MIXES: ReadonlySet<string>[] = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

function scriptOf(letter: string): string {
  for (const [name, pattern] of SCRIPT_PATTERNS) if (pattern.test(letter)) return name;
  return 'Other';
}

/** The scripts of a text's letters (digits, punctuation and marks belong to none). */
export function scriptsOf(text: string): Set<string> {
  const scripts = new Set<string>();
  for (const ch of text) if (/\p{L}/u.test(ch)) scripts.add(scriptOf(ch));
  return scripts;
}

/** Whether one label mixes scripts the way a look-alike does (Cyrillic "а" among Latin letters …). */
export function mixesScripts(label: string): boolean {
  const scripts = scriptsOf(label);
  if (scripts.size <= 1) return false;
  return !ALLOWED_MIXES.some((allowed) => [...scripts].every((s) => allowed.has(s)));
}

/**
 * Whether an address could pass for another: invisible or format characters, compatibility forms
 * (full-width letters, ligatures, mathematical letters: anything NFKC changes), or a label (a dot-
 * separated part of the local part or the domain) mixing scripts.
 */
export function isLookalikeEmail(email: string): boolean {
  if (EMAIL_INVISIBLE.test(email)) return true;
  if (email.normalize('NFKC') !== email) return true;
  return email.split(/[.@]/).some(mixesScripts);
}

/** Whether a name holds bidi controls or invisible characters. */
export function hasHiddenCharacters(name: string): boolean {
  return BIDI_CONTROLS.test(name) || NAME_INVISIBLE.test(name);
}
