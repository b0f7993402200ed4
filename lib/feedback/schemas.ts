import { z } from 'zod';
import { feedbackTypes } from './feedback-types';
import { hasHiddenCharacters } from '@/lib/accounts/lookalike';
import { ZCode, ZEmail, ZName } from '@/lib/accounts/schemas';
import { ZId, ZOptionalIsoDate } from '@/lib/validation/primitives';

/**
 * Feedback (spec §3 Feedback; §5 "Feedback: title, type, content, captcha, correct phone"): one
 * schema for the participant's form (zodResolver) and the handler. Messages are keys of `validation`.
 */
export const FEEDBACK_TYPES = feedbackTypes;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const FEEDBACK_STATUSES = ['open', 'replied'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** No text-direction controls or invisible characters (line breaks and tabs allowed where `multiline`). */
const visible = (multiline: boolean) => (value: string) => !hasHiddenCharacters(multiline ? value.replace(/[\r\n\t]/g, '') : value);

/**
 * A plausible phone number: an optional +, digits with spaces, brackets and dashes, 5 to 15 digits
 * (E.164 has at most 15), not one digit repeated throughout.
 */
export const ZFeedbackPhone = z
  .string({ error: 'phoneRequired' })
  .trim()
  .min(1, 'phoneRequired')
  .max(30, 'phoneInvalid')
  .regex(/^\+?[\d\s()-]+$/, 'phoneInvalid')
  .refine((v) => {
    const digits = v.replace(/\D/g, '');
    return digits.length >= 5 && digits.length <= 15 && !/^(\d)\1+$/.test(digits);
  }, 'phoneInvalid');

/** The participant's feedback; `fileId` names an upload of theirs (lib/feedback/files.ts), `code` the emailed code. */
export const ZFeedback = z.object({
  title: z
    .string({ error: 'feedbackTitleRequired' })
    .trim()
    .min(1, 'feedbackTitleRequired')
    .max(100, 'tooLong')
    .refine(visible(false), 'hiddenCharacters'),
  name: ZName,
  email: ZEmail,
  phone: ZFeedbackPhone,
  type: z.enum(FEEDBACK_TYPES, 'feedbackTypeRequired'),
  content: z
    .string({ error: 'feedbackContentRequired' })
    .trim()
    .min(1, 'feedbackContentRequired')
    .max(5000, 'tooLong')
    .refine(visible(true), 'hiddenCharacters'),
  fileId: ZId.nullable().default(null),
  code: ZCode,
});
export type FeedbackInput = z.input<typeof ZFeedback>;
export type FeedbackValues = z.output<typeof ZFeedback>;

/** The code for the feedback form goes to the email the form gives. */
export const ZFeedbackSendCode = z.object({ email: ZEmail });

export const ZFeedbackIdQuery = z.object({ id: ZId });

/** An organiser's reply; the sender gets it by mail in their language. */
export const ZFeedbackReply = z.object({
  id: ZId,
  content: z
    .string({ error: 'replyRequired' })
    .trim()
    .min(1, 'replyRequired')
    .max(5000, 'tooLong')
    .refine(visible(true), 'hiddenCharacters'),
});
export type FeedbackReplyInput = z.input<typeof ZFeedbackReply>;

/** The organisers' list: type, status, a search (title, content, name, email, phone), sent dates. */
export const ZFeedbackListQuery = z.object({
  q: z.string().trim().max(100).default(''),
  type: z.enum(['', ...FEEDBACK_TYPES]).default(''),
  status: z.enum(['', ...FEEDBACK_STATUSES]).default(''),
  from: ZOptionalIsoDate,
  to: ZOptionalIsoDate,
  page: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
});
export type FeedbackListQuery = z.output<typeof ZFeedbackListQuery>;
