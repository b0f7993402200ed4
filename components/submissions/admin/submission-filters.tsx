import { NativeSelect, TextInput } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { FilterForm, FilterSearch, FilterSelect, type FilterChoice } from '@/components/ui/filter-form';
import type { AdminSubmissionQuery } from '@/lib/submissions/admin-list-params';
import { ADMIN_SUBMISSION_STATUSES } from '@/lib/submissions/admin-list-params';

/** The filter bar of the submission list. */
export async function SubmissionFilters({
  query,
  sessions,
  reviewers,
}: {
  query: AdminSubmissionQuery;
  /** Sessions in reading order, labelled with their path. */
  sessions: FilterChoice[];
  reviewers: FilterChoice[];
}) {
  const t = await getTranslations('contributeAdmin');
  const score = (name: 'scoreMin' | 'scoreMax', testId: string) => (
    <TextInput
      name={name}
      type="number"
      inputMode="decimal"
      min={0}
      max={1000}
      step="any"
      w={140}
      label={t(name)}
      defaultValue={String(query[name])}
      data-testid={testId}
    />
  );
  return (
    <FilterForm
      testId="contribute"
      label={t('filters')}
      applyLabel={t('apply')}
      reset={{ href: '/platform/manage/contribute', label: t('reset') }}
    >
      <FilterSearch label={t('search')} placeholder={t('searchPlaceholder')} defaultValue={query.q} testId="contribute-search" />
      <FilterSelect
        name="session"
        label={t('session')}
        defaultValue={String(query.session)}
        anyLabel={t('allSessions')}
        choices={sessions}
        testId="contribute-filter-session"
      />
      <FilterSelect
        name="status"
        label={t('status')}
        defaultValue={query.status}
        anyLabel={t('allStatuses')}
        choices={ADMIN_SUBMISSION_STATUSES.map((s) => ({ value: s, label: t(`status_${s}`) }))}
        testId="contribute-filter-status"
      />
      <FilterSelect
        name="reviewer"
        label={t('reviewer')}
        defaultValue={String(query.reviewer)}
        anyLabel={t('allReviewers')}
        choices={reviewers}
        testId="contribute-filter-reviewer"
      />
      {score('scoreMin', 'contribute-filter-score-min')}
      {score('scoreMax', 'contribute-filter-score-max')}
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
    </FilterForm>
  );
}
