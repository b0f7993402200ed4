import type { Locale } from '@/lib/i18n/localized';
import { isDevelopingEconomy } from './developing-economies';

export type FeeRules = {
  archived: boolean;
  isOpen: boolean;
  openDate: string | null;
  deadline: string | null;
  languageScope: string;
  thirdWorldOnly: boolean;
  invitationCode: string;
  cap: number | null;
  used: number;
  perAccountMax: number;
};

export type ChooserContext = { today: string; locale: Locale; country?: string | null; invitationCode?: string | null };

/** Why a fee cannot be chosen now (spec §5 fee rules), or null when it can. */
export type Unavailable = 'closed' | 'notYetOpen' | 'deadlinePassed' | 'language' | 'thirdWorld' | 'invitationCode' | 'full';

export function sameCode(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
}

/**
 * Whether a participant may choose this fee, in this order: archived or switched off, not open yet,
 * past its deadline, another language's site, not from a developing economy, wrong invitation code,
 * no place left for `quantity`. The cap itself is decided again atomically when the order is written.
 */
export function feeUnavailable(fee: FeeRules, ctx: ChooserContext, quantity = 1): Unavailable | null {
  if (fee.archived || !fee.isOpen) return 'closed';
  if (fee.openDate && ctx.today < fee.openDate) return 'notYetOpen';
  if (fee.deadline && ctx.today > fee.deadline) return 'deadlinePassed';
  if (fee.languageScope !== 'all' && fee.languageScope !== ctx.locale) return 'language';
  if (fee.thirdWorldOnly && !isDevelopingEconomy(ctx.country)) return 'thirdWorld';
  if (fee.invitationCode && !sameCode(fee.invitationCode, ctx.invitationCode)) return 'invitationCode';
  if (fee.cap !== null && fee.used + quantity > fee.cap) return 'full';
  return null;
}

/**
 * Whether a participant should see the fee at all: fees behind an invitation code stay hidden
 * until the code is entered, and other languages' fees are never listed. Country is checked by
 * the form as the participant picks it (the fee carries its thirdWorldOnly flag).
 */
export function feeListed(fee: FeeRules, ctx: ChooserContext): boolean {
  const reason = feeUnavailable(fee, { ...ctx, country: 'CN' }, 1);
  return reason !== 'closed' && reason !== 'language' && reason !== 'invitationCode';
}
