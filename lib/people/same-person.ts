/**
 * Whether two mentions of a person (a chair, a speaker, an author) are the same person, where no account ties them:
 * the same email (whatever its case), or the same name in either script, unless both carry emails and those differ
 * (two people of one name, each with an address of their own). Names compare without case and word order, so
 * "Li  Na" is "na li"; a romanised name is matched only against a name given in Latin letters.
 */
export type PersonMention = {
  /** The name in each script it was given in (a chair's zh and en), or the one name written (an author's). */
  names: string[];
  email: string;
};

/** A name's key: its words without case, in any order ("Liu Jing" is "Jing Liu"), so family-first or not alike. */
const normaliseName = (name: string) => name.normalize('NFKC').toLowerCase().split(/\s+/).filter(Boolean).sort().join(' ');
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The mention's names, normalised, without empties. */
export function nameKeys(mention: PersonMention): string[] {
  return [...new Set(mention.names.map(normaliseName).filter(Boolean))];
}

export function samePerson(a: PersonMention, b: PersonMention): boolean {
  const [ea, eb] = [normaliseEmail(a.email), normaliseEmail(b.email)];
  if (ea && eb) return ea === eb;
  const bNames = new Set(nameKeys(b));
  return nameKeys(a).some((n) => bNames.has(n));
}

/** How the person is named in a warning: their first name given, else their email. */
export function mentionLabel(mention: PersonMention): string {
  return mention.names.map((n) => n.replace(/\s+/g, ' ').trim()).find(Boolean) ?? normaliseEmail(mention.email);
}
