import { Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { SCORE_KEYS, type ReviewScores } from '@/lib/review/schemas';

type Row = { key: string | number; label: string; scores: ReviewScores | null; opinion: string };

/** Reviews side by side: one row per review with the five scores, and each opinion below. */
export async function ScoreTable({ rows, testId }: { rows: Row[]; testId?: string }) {
  const t = await getTranslations('review');
  return (
    <Stack gap="sm" data-testid={testId}>
      <TableScrollContainer minWidth={520}>
        <Table striped>
          <TableThead>
            <TableTr>
              <TableTh>{t('reviewer')}</TableTh>
              {SCORE_KEYS.map((k) => (
                <TableTh key={k}>{t(`score.${k}`)}</TableTh>
              ))}
            </TableTr>
          </TableThead>
          <TableTbody>
            {rows.map((r) => (
              <TableTr key={r.key}>
                <TableTd>{r.label}</TableTd>
                {SCORE_KEYS.map((k) => (
                  <TableTd key={k}>{r.scores ? r.scores[k] : '—'}</TableTd>
                ))}
              </TableTr>
            ))}
          </TableTbody>
        </Table>
      </TableScrollContainer>
      {rows.map((r) => (
        <Text key={r.key} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          <Text span fw={600}>
            {r.label}:
          </Text>{' '}
          {r.opinion || '—'}
        </Text>
      ))}
    </Stack>
  );
}
