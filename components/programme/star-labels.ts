import type { Locale } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import type { StarButtonLabels } from './star-button';

/** The StarButton's words in `locale`, for a server page to hand down (`{title}` is filled in by the button). */
export function starButtonLabels(locale: Locale): StarButtonLabels {
  const t = serverTranslator(locale, 'programmeAgenda');
  const errors = serverTranslator(locale, 'errors');
  return {
    star: t('star'),
    starred: t('starred'),
    starLabel: t('starLabel', { title: '{title}' }),
    unstarLabel: t('unstarLabel', { title: '{title}' }),
    signIn: t('signInToStar'),
    network: errors('network'),
  };
}
