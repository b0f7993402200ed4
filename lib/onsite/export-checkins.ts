import { sheet, type WorkbookSpec } from '@/lib/exports/workbook';
import { localized, type Locale } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import type { CheckinRow } from './counts';

/** The check-ins as one sheet in the organiser's language: real date cells in the conference's time zone. */
export function checkinsWorkbook(rows: CheckinRow[], locale: Locale, timeZone: string): WorkbookSpec {
  const t = serverTranslator(locale, 'checkin');
  return {
    timeZone,
    sheets: [
      sheet<CheckinRow>({
        name: t('export.sheet'),
        fallbackName: 'checkins',
        rows,
        columns: [
          {
            header: t('export.list'),
            type: 'text',
            value: (r) => (r.kind === 'door' ? t('doorList') : localized(r.list, locale)),
            width: 20,
          },
          { header: t('export.code'), type: 'text', value: (r) => r.code, width: 14 },
          { header: t('export.name'), type: 'text', value: (r) => r.name, width: 20 },
          { header: t('export.organisation'), type: 'text', value: (r) => r.organisation, width: 28 },
          { header: t('export.checkedInAt'), type: 'datetime', value: (r) => r.checkedInAt, width: 18 },
          { header: t('export.checkedInBy'), type: 'text', value: (r) => r.checkedInBy ?? '', width: 20 },
          {
            header: t('export.method'),
            type: 'label',
            value: (r) => r.method,
            label: (v) => (v === 'scan' ? t('export.scan') : t('export.search')),
          },
          { header: t('export.undoneAt'), type: 'datetime', value: (r) => r.undoneAt, width: 18 },
          { header: t('export.undoneBy'), type: 'text', value: (r) => r.undoneBy ?? '', width: 20 },
        ],
      }),
    ],
  };
}
