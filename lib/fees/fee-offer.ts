import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { registrationConfig } from '@/db/schema';
import { todayIn } from '@/lib/conferences/website-config';
import type { Locale, LocalizedText } from '@/lib/i18n/localized';
import type { Conference } from '@/lib/tenancy/resolve-conference';
import { feeListed, feeUnavailable, type Unavailable } from './availability';
import { listFees, type Fee } from './fee-config';
import { checkInvitationGuess, type CodeGuesser } from './invitation-guesses';

/** A fee as a participant sees it: no invitation code, the places left, why it cannot be chosen. */
export type OfferedFee = {
  id: number;
  kind: 'register' | 'optional';
  title: LocalizedText;
  category: LocalizedText;
  priceMinor: number;
  currency: string;
  displayPriceMinor: number;
  displayCurrency: string;
  thirdWorldOnly: boolean;
  deadline: string | null;
  perAccountMax: number;
  remaining: number | null;
  unavailable: Unavailable | null;
};

export type FeeOffer = { charged: boolean; ruleType: string; register: OfferedFee[]; optional: OfferedFee[] };

function offered(fee: Fee, unavailable: Unavailable | null): OfferedFee {
  return {
    id: fee.id,
    kind: fee.kind === 'register' ? 'register' : 'optional',
    title: fee.title,
    category: fee.category,
    priceMinor: fee.priceMinor,
    currency: fee.currency,
    displayPriceMinor: fee.displayPriceMinor,
    displayCurrency: fee.displayCurrency,
    thirdWorldOnly: fee.thirdWorldOnly,
    deadline: fee.deadline,
    perAccountMax: fee.perAccountMax,
    remaining: fee.cap === null ? null : Math.max(0, fee.cap - fee.used),
    unavailable,
  };
}

/**
 * The fees a participant may see on this site in this language (getRegFee): fees behind an
 * invitation code appear once the code is given. The developing-economies scope depends on the
 * country the participant picks, so the form applies it (and the server again on submit). A code
 * from a participant comes with its `guesser`, and wrong codes are limited (invitation-guesses.ts).
 */
export async function feeOffer(
  db: Executor,
  conference: Conference,
  input: { locale: Locale; invitationCode?: string; guesser?: CodeGuesser; now?: Date },
): Promise<FeeOffer> {
  if (input.guesser) {
    await checkInvitationGuess(db, { conferenceId: conference.id, code: input.invitationCode, guesser: input.guesser }, input.now);
  }
  const [fees, [config]] = await Promise.all([
    listFees(db, conference.id),
    db
      .select({ costsSet: registrationConfig.costsSet, ruleType: registrationConfig.ruleType })
      .from(registrationConfig)
      .where(eq(registrationConfig.conferenceId, conference.id)),
  ]);
  const chooser = { today: todayIn(conference.timeZone, input.now), locale: input.locale, invitationCode: input.invitationCode ?? '' };
  const charged = config?.costsSet ?? false;
  const visible = charged ? fees.filter((fee) => feeListed(fee, chooser)) : [];
  const view = (fee: Fee) => {
    const reason = feeUnavailable(fee, { ...chooser, country: 'CN' });
    return offered(fee, reason === 'thirdWorld' ? null : reason);
  };
  return {
    charged,
    ruleType: config?.ruleType ?? 'REGISTER_FIRST_AND_PAY_LATER',
    register: visible.filter((f) => f.kind === 'register').map(view),
    optional: visible.filter((f) => f.kind === 'optional').map(view),
  };
}
