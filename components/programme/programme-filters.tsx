import { getTranslations } from 'next-intl/server';
import type { ProgrammeSnapshot } from '@/db/schema';
import { localePath } from '@/lib/i18n/locale-path';
import { localized, type Locale } from '@/lib/i18n/localized';
import { filtering, programmeThemes, programmeTypes, type ProgrammeFilters } from '@/lib/programme/filter-programme';
import styles from './programme.module.css';

/** The filters as a plain GET form (the server filters; it works without script), keeping the day shown. */
export async function ProgrammeFilterForm({
  snapshot,
  filters,
  day,
  locale,
}: {
  snapshot: ProgrammeSnapshot;
  filters: ProgrammeFilters;
  day: string | null;
  locale: Locale;
}) {
  const t = await getTranslations('programme');
  const themes = programmeThemes(snapshot);
  const types = programmeTypes(snapshot);
  return (
    <form method="get" action={localePath(locale, '/programme')} className={styles.filters} role="search" data-testid="programme-filters">
      {day && <input type="hidden" name="day" value={day} />}
      <label className={styles.field}>
        {t('theme')}
        <select name="theme" defaultValue={filters.themeId ?? ''} data-testid="filter-theme">
          <option value="">{t('any')}</option>
          {themes.map((theme) => (
            <option key={theme.id} value={theme.id}>
              {localized(theme.name, locale)}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        {t('room')}
        <select name="room" defaultValue={filters.roomId ?? ''} data-testid="filter-room">
          <option value="">{t('any')}</option>
          {snapshot.rooms.map((room) => (
            <option key={room.id} value={room.id}>
              {localized(room.name, locale)}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        {t('type')}
        <select name="type" defaultValue={filters.type ?? ''} data-testid="filter-type">
          <option value="">{t('any')}</option>
          {types.map((type) => (
            <option key={type} value={type}>
              {t(`type_${type}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={`${styles.field} ${styles.search}`}>
        {t('search')}
        <input
          type="search"
          name="q"
          defaultValue={filters.q}
          maxLength={100}
          placeholder={t('searchPlaceholder')}
          data-testid="filter-q"
        />
      </label>
      <div className={styles.filterActions}>
        <button type="submit" className={styles.submit} data-testid="filter-apply">
          {t('apply')}
        </button>
        {filtering(filters) && (
          <a className={styles.reset} href={localePath(locale, day ? `/programme?day=${day}` : '/programme')}>
            {t('reset')}
          </a>
        )}
      </div>
    </form>
  );
}
