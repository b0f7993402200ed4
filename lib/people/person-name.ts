/**
 * The one way a person's name is written, on every page, export, mail and PDF, whatever the page's
 * language: a Chinese, Japanese or Korean name (every given part written in Han, Hiragana, Katakana
 * or Hangul) family name first with no space (张三, 山田太郎, 김민준); any other name given name
 * first, the middle name between them only where one was given (Anna Müller, Anna Maria Müller).
 * A name that mixes the two (张 Anna) is written the second way, with spaces.
 */
export type PersonNameParts = {
  family?: string | null;
  given?: string | null;
  middle?: string | null;
};

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Whether a name part is written in a CJK script (it has a Han, kana or Hangul character). */
export function isCjkText(text: string): boolean {
  return CJK.test(text);
}

const clean = (part: string | null | undefined) => (part ?? '').replace(/\s+/g, ' ').trim();

/** The name written out; '' when no part was given. */
export function formatPersonName({ family, given, middle }: PersonNameParts): string {
  const parts = { family: clean(family), given: clean(given), middle: clean(middle) };
  const present = [parts.family, parts.middle, parts.given].filter(Boolean);
  if (present.length === 0) return '';
  if (present.every(isCjkText)) return present.join('');
  return [parts.given, parts.middle, parts.family].filter(Boolean).join(' ');
}

/**
 * A name as shown where the person may also have typed it whole (a reviewer's full name): that,
 * else the parts written by formatPersonName, else `fallback` (an email, say).
 */
export function displayPersonName(parts: PersonNameParts & { full?: string | null }, fallback = ''): string {
  return clean(parts.full) || formatPersonName(parts) || fallback;
}

/** A submission author's name (given `name`, family `surname`), written by formatPersonName. */
export function authorName(author: { name: string; surname: string }): string {
  return formatPersonName({ given: author.name, family: author.surname });
}
