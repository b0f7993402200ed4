import { sanitizeOrganiserHtml } from './sanitize';
import type { TEMPLATE_PLACEHOLDERS } from './template-schemas';

export type TemplateValues = Partial<Record<Exclude<(typeof TEMPLATE_PLACEHOLDERS)[number], 'content'>, string>>;

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * A template's HTML with its placeholders filled: `{{content}}` takes the page's (sanitised) HTML,
 * every other known placeholder its text, escaped; unknown ones vanish. The result is sanitised as
 * a whole, so no placement of a placeholder can smuggle markup in.
 */
export function fillTemplate(html: string, values: TemplateValues, content: string): string {
  const filled = html.replace(/\{\{\s*([a-zA-Z0-9]+)\s*\}\}/g, (_, name: string) => {
    if (name === 'content') return sanitizeOrganiserHtml(content);
    const value = values[name as keyof TemplateValues];
    return value === undefined ? '' : escapeHtml(value);
  });
  return sanitizeOrganiserHtml(filled);
}
