import { Button, Group, NativeSelect, Paper, TextInput } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { ButtonLink } from '@/components/ui/button-link';
import type { AdminSubmissionQuery } from '@/lib/submissions/admin-list-params';
import { ADMIN_SUBMISSION_STATUSES } from '@/lib/submissions/admin-list-params';

type Choice = { value: string; label: string };

/** The filter bar of the submission list: a plain GET form, so the filters live in the address. */
export async function SubmissionFilters({
  query,
  sessions,
  reviewers,
}: {
  query: AdminSubmissionQuery;
  /** Sessions in reading order, labelled with their path. */
  sessions: Choice[];
  reviewers: Choice[];
}) {
  const t = await getTranslations('contributeAdmin');
  return (
    <Paper withBorder p="md">
      <form method="get" data-testid="contribute-filters" aria-label={t('filters')}>
        <Group align="flex-end" gap="sm">
          <TextInput
            name="q"
            label={t('search')}
            placeholder={t('searchPlaceholder')}
            defaultValue={query.q}
            maxLength={100}
            style={{ flex: 1, minWidth: 200 }}
            data-testid="contribute-search"
          />
          <NativeSelect
            name="session"
            label={t('session')}
            defaultValue={String(query.session)}
            data={[{ value: '', label: t('allSessions') }, ...sessions]}
            data-testid="contribute-filter-session"
          />
          <NativeSelect
            name="status"
            label={t('status')}
            defaultValue={query.status}
            data={[
              { value: '', label: t('allStatuses') },
              ...ADMIN_SUBMISSION_STATUSES.map((s) => ({ value: s, label: t(`status_${s}`) })),
            ]}
            data-testid="contribute-filter-status"
          />
          <NativeSelect
            name="reviewer"
            label={t('reviewer')}
            defaultValue={String(query.reviewer)}
            data={[{ value: '', label: t('allReviewers') }, ...reviewers]}
            data-testid="contribute-filter-reviewer"
          />
          <TextInput
            name="scoreMin"
            type="number"
            inputMode="decimal"
            min={0}
            max={1000}
            step="any"
            w={140}
            label={t('scoreMin')}
            defaultValue={String(query.scoreMin)}
            data-testid="contribute-filter-score-min"
          />
          <TextInput
            name="scoreMax"
            type="number"
            inputMode="decimal"
            min={0}
            max={1000}
            step="any"
            w={140}
            label={t('scoreMax')}
            defaultValue={String(query.scoreMax)}
            data-testid="contribute-filter-score-max"
          />
          <NativeSelect
            name="sort"
            label={t('sort')}
            defaultValue={query.sort}
            data={[
              { value: 'newest', label: t('sortNewest') },
              { value: 'oldest', label: t('sortOldest') },
            ]}
            data-testid="contribute-filter-sort"
          />
          <Button type="submit" data-testid="contribute-apply">
            {t('apply')}
          </Button>
          <ButtonLink variant="subtle" href="/platform/manage/contribute" data-testid="contribute-reset">
            {t('reset')}
          </ButtonLink>
        </Group>
      </form>
    </Paper>
  );
}
