import { sanitizeOrganiserHtml } from '@/lib/cms/sanitize';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A notice's content as safe HTML: rich text (from the editor) is sanitised; plain text (an API
 * client's, without tags) keeps its paragraphs and line breaks.
 */
export function noticeHtml(content: string): string {
  const text = content.trim();
  if (!text) return '';
  if (/<[a-z][\s\S]*>/i.test(text)) return sanitizeOrganiserHtml(text);
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escape(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
