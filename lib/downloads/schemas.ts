import { z } from 'zod';
import { EMPTY_LOCALIZED, zLocalized } from '@/lib/validation/localized';
import type { downloadAudiences } from '@/db/schema/feedback';
import { UPLOAD_MAX_BYTES } from '@/lib/storage/file-types';

/**
 * Material organisers offer in /profile/download (spec §1 "download material", §2): a title in zh
 * and en (both required), an optional description (in both languages or neither) and who may see
 * it. The file itself travels beside these fields in the same multipart upload.
 */
export const DOWNLOAD_TITLE_MAX = 200;
export const DOWNLOAD_DESCRIPTION_MAX = 2000;
/** The upload limit of spec §5/§9 (20 MB). */
export const DOWNLOAD_MAX_BYTES = UPLOAD_MAX_BYTES;
export const DOWNLOAD_LIMIT = { bytes: DOWNLOAD_MAX_BYTES, code: 'UPLOAD_TOO_LARGE' } as const;
/** Slides, programmes, templates: documents, sheets, presentations, archives, pictures and plain text. */
export const DOWNLOAD_TYPES = ['pdf', 'doc', 'docx', 'ppt', 'pptx', 'xls', 'xlsx', 'zip', 'txt', 'jpg', 'jpeg', 'png'] as const;

export type DownloadAudience = (typeof downloadAudiences)[number];
/** Who sees a material: anyone signed in, the registrants, or the registrants who paid their registration fee. */
export const DOWNLOAD_AUDIENCES = ['all', 'registrants', 'paid'] as const satisfies readonly DownloadAudience[];

export const ZMaterialInput = z
  .object({
    title: zLocalized({
      max: DOWNLOAD_TITLE_MAX,
      required: true,
      messages: { required: 'downloadTitleRequired', tooLong: 'downloadTitleTooLong' },
    }),
    description: zLocalized({ max: DOWNLOAD_DESCRIPTION_MAX }).default(EMPTY_LOCALIZED),
    audience: z.enum(DOWNLOAD_AUDIENCES, { error: 'downloadAudienceInvalid' }).default('registrants'),
  })
  .superRefine((v, ctx) => {
    // A description in one language only would leave the other readers without it.
    if (!v.description.zh !== !v.description.en) {
      const missing = v.description.zh ? 'en' : 'zh';
      ctx.addIssue({ code: 'custom', path: ['description', missing], message: 'downloadDescriptionBoth' });
    }
  });
export type MaterialInput = z.input<typeof ZMaterialInput>;

export const ZMaterialMove = z.object({ direction: z.enum(['up', 'down'], { error: 'invalidChoice' }) });
