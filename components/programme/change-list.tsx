import { getTranslations } from 'next-intl/server';
import type { ProgrammeChange } from '@/db/schema';
import { localePath } from '@/lib/i18n/locale-path';
import { localized, type Locale } from '@/lib/i18n/localized';
import styles from './programme.module.css';

/** "What changed since version N": each contribution added, removed or moved, linked while it is in the programme. */
export async function ChangeList({ number, changes, locale }: { number: number; changes: ProgrammeChange[]; locale: Locale }) {
  if (number <= 1) return null;
  const t = await getTranslations('programme');
  const previous = number - 1;
  if (!changes.length)
    return (
      <p className={styles.changes} data-testid="programme-changes">
        {t('noChangesSince', { number: previous })}
      </p>
    );
  return (
    <details className={styles.changes} data-testid="programme-changes" open={changes.length <= 10}>
      <summary>{t('changedSince', { number: previous, count: changes.length })}</summary>
      <ul>
        {changes.map((change) => (
          <li key={change.contributionId}>
            {change.changes.includes('removed') ? (
              <span>{localized(change.title, locale)}</span>
            ) : (
              <a href={localePath(locale, `/programme/${encodeURIComponent(change.code)}`)}>{localized(change.title, locale)}</a>
            )}{' '}
            ({change.code}): {change.changes.map((what) => t(`change_${what}`)).join(locale === 'zh' ? '、' : ', ')}
          </li>
        ))}
      </ul>
    </details>
  );
}
