import { z } from 'zod';
import { locales } from '@/lib/i18n/localized';
import { zLocalized } from '@/lib/validation/localized';

/**
 * The placeholders a certificate's text may use (issue 24 point 5), filled per person and language: the name (in
 * Latin letters in the English text when known), the conference's title, its dates, the person's organisation, the
 * conference's city and the registration number. Browser-safe: the form lists them and checks as the organiser types.
 */
export const CERTIFICATE_PLACEHOLDERS = ['name', 'conference', 'dates', 'organisation', 'city', 'code'] as const;
export type CertificatePlaceholder = (typeof CERTIFICATE_PLACEHOLDERS)[number];

export const CERTIFICATE_TITLE_MAX = 60;
export const CERTIFICATE_BODY_MAX = 1200;
/** The signature and seal images: png or jpg, at most 2 MB each (the upload intake checks type and content). */
export const CERTIFICATE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const CERTIFICATE_IMAGE_TYPES = ['png', 'jpg', 'jpeg'] as const;
export const CERTIFICATE_IMAGE_KINDS = ['signature', 'seal'] as const;
export type CertificateImageKind = (typeof CERTIFICATE_IMAGE_KINDS)[number];

/** The `{word}` placeholders of a text that are not certificate placeholders (also a `{` left unclosed). */
export function unknownCertificatePlaceholders(text: string): string[] {
  const named = [...text.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]);
  const unknown = named.filter((name) => !(CERTIFICATE_PLACEHOLDERS as readonly string[]).includes(name)).map((name) => `{${name}}`);
  const stray = text.replace(/\{[^{}]*\}/g, '');
  if (/[{}]/.test(stray)) unknown.push(stray.includes('{') ? '{' : '}');
  return [...new Set(unknown)];
}

/** A text with its placeholders filled. */
export function fillCertificateText(text: string, values: Record<CertificatePlaceholder, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? values[key as CertificatePlaceholder] : whole));
}

const noHidden = { check: (v: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v), message: 'hiddenCharacters' };

/**
 * What the organiser sets for the certificates (form and handler): a title and a text in both languages (both needed:
 * the certificate is bilingual) using only CERTIFICATE_PLACEHOLDERS — an unknown one is refused on its field — and who
 * signs, in both languages.
 */
export const ZCertificateSettings = z
  .object({
    title: zLocalized({ max: CERTIFICATE_TITLE_MAX, required: true, refine: noHidden }),
    body: zLocalized({ max: CERTIFICATE_BODY_MAX, required: true, refine: noHidden }),
    signatory: zLocalized({ max: 100, refine: noHidden }),
  })
  .superRefine((value, ctx) => {
    for (const field of ['title', 'body'] as const) {
      for (const locale of locales) {
        if (unknownCertificatePlaceholders(value[field][locale]).length > 0) {
          ctx.addIssue({ code: 'custom', path: [field, locale], message: 'certificateUnknownPlaceholder' });
        }
      }
    }
  });
export type CertificateSettingsInput = z.input<typeof ZCertificateSettings>;
export type CertificateSettingsValues = z.output<typeof ZCertificateSettings>;

/** Which image an upload, a view or a removal is about. */
export const ZCertificateImageQuery = z.object({ kind: z.enum(CERTIFICATE_IMAGE_KINDS) });

/** A verification code as typed: letters and digits, dashes and spaces ignored (the handler's query). */
export const ZCertificateCode = z.object({ code: z.string().trim().max(64).default('') });
