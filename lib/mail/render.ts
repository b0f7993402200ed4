import { renderMail, type MailTemplateName, type RenderedMail } from '@/emails/templates';
import type { Locale, LocalizedText } from '@/lib/i18n/localized';

/** An organiser's wording of one template: subject and plain-text body in zh and en. */
export type TemplateOverride = { subject: LocalizedText; body: LocalizedText };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function fill(line: string, vars: Record<string, string | number>, escape: (v: string) => string): string {
  return line.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(vars, key) ? escape(String(vars[key])) : whole));
}

/**
 * The organiser's own wording in one language (plain text, one paragraph per line, the same
 * placeholders as the default): its text is escaped in the HTML part as well as the values.
 */
export function renderCustomMail(subject: string, body: string, locale: Locale, vars: Record<string, string | number>): RenderedMail {
  const lines = body
    .split(/\r?\n/)
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '');
  const html = lines.map((line) => `<p>${fill(escapeHtml(line), vars, escapeHtml)}</p>`).join('\n');
  return {
    // A subject is one line: placeholders may not bring a line break into the header.
    subject: fill(subject, vars, (v) => v).replace(/[\r\n]+/g, ' '),
    text: lines.map((line) => fill(line, vars, (v) => v)).join('\n\n'),
    html: `<!doctype html><html lang="${locale === 'zh' ? 'zh-CN' : 'en'}"><body style="font-family:sans-serif;line-height:1.6">${html}</body></html>`,
  };
}

/**
 * A template in `locale`: the organiser's subject and body for that language where they wrote one
 * (each falls back to the built-in wording on its own), else the built-in template.
 */
export function renderWithOverride(
  name: MailTemplateName,
  override: TemplateOverride | null | undefined,
  locale: Locale,
  vars: Record<string, string | number>,
): RenderedMail {
  const fallback = renderMail(name, locale, vars);
  const subject = override?.subject?.[locale]?.trim() ?? '';
  const body = override?.body?.[locale]?.trim() ?? '';
  if (!subject && !body) return fallback;
  const custom = renderCustomMail(subject, body, locale, vars);
  return {
    subject: subject ? custom.subject : fallback.subject,
    text: body ? custom.text : fallback.text,
    html: body ? custom.html : fallback.html,
  };
}
