/**
 * An abstract as plain text for the book of abstracts and the print page. Submissions' abstracts are typed into a
 * plain textarea and stored as typed, so an author may have pasted HTML (`<p>…</p>`, `<i>`, entities) or written
 * markdown (`**bold**`, `# heading`, `[text](url)`). Nothing of it is interpreted: tags are dropped (their text
 * kept, scripts and styles dropped whole), entities decoded once, markdown marks removed, and paragraphs kept as
 * paragraphs. The result is only ever drawn as text (pdfkit, React text nodes), never as HTML.
 */

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  middot: '·',
  mdash: '—',
  ndash: '–',
  hellip: '…',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      // Control characters, surrogates and beyond Unicode stay as they were written.
      const usable = code >= 0x20 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) && code !== 0x7f;
      return usable ? String.fromCodePoint(code) : whole;
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

/** Block-level tags end a paragraph; `<br>` ends a line. */
const BLOCK = /<\/?(p|div|h[1-6]|li|ul|ol|blockquote|pre|table|tr|section|article)\b[^>]*>/gi;

export function plainText(source: string): string {
  let text = source.replace(/\r\n?/g, '\n');
  text = text
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(BLOCK, '\n\n')
    .replace(/<\/?[a-z][^>]*>/gi, '');
  text = decodeEntities(text);
  text = text
    // Markdown: images and links keep their text, headings and quotes lose their marks, emphasis its stars.
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]{0,3}>[ \t]?/gm, '')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?=\S)([^*\n]*?\S)\*(?!\w)/g, '$1$2')
    .replace(/`([^`\n]+)`/g, '$1')
    .replace(/^[ \t]*([-*+])[ \t]+/gm, '• ');
  // Control characters (other than line breaks and tabs) never reach a PDF.
  text = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
