'use client';

import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { localized, type LocalizedText } from '@/lib/i18n/localized';
import { useRouter } from '@/lib/i18n/navigation';
import type { NoticeInput } from '@/lib/notices/schemas';
import { DeleteAction } from '@/components/ui/delete-action';
import { ListTable } from '@/components/ui/list-table';
import { useApiAction, useAppLocale } from '@/components/ui/use-api';
import { NEW_NOTICE, NoticeForm } from './notice-form';
import { StatusBadge } from '@/components/ui/status-badge';

const BASE = '/conference/platform/manage/notice';

/** A notice as the manager's list gets it from the page (dates already written out). */
export type NoticeRow = {
  id: number;
  title: LocalizedText;
  content: LocalizedText;
  pinned: boolean;
  published: boolean;
  /** When it was published, or last changed while a draft, in the conference's zone. */
  dateLabel: string;
  readCount: number;
};

function PublishButton({ row }: { row: NoticeRow }) {
  const t = useTranslations('notices');
  const { run, busy } = useApiAction();
  const name = localized(row.title, useAppLocale());
  return (
    <Button
      size="compact-xs"
      variant="light"
      color={row.published ? 'orange' : 'green'}
      loading={busy}
      aria-label={row.published ? t('unpublishOf', { name }) : t('publishOf', { name })}
      onClick={() =>
        run(`${BASE}/${row.id}/publish`, { body: { published: !row.published } }, row.published ? t('unpublishedNow') : t('publishedNow'))
      }
      data-testid="toggle-notice"
    >
      {row.published ? t('unpublish') : t('publish')}
    </Button>
  );
}

/**
 * The conference's notices for its organisers: write one (a draft), change, publish to the
 * registrants or take back, and delete, drafts and published ones alike.
 */
export function NoticeManager({ notices }: { notices: NoticeRow[] }) {
  const t = useTranslations('notices');
  const locale = useAppLocale();
  const router = useRouter();
  const [edit, setEdit] = useState<{ id: number | null; input: NoticeInput } | null>(null);
  const saved = () => {
    setEdit(null);
    router.refresh();
  };

  return (
    <Paper withBorder p="md" data-testid="notice-manager">
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Title order={3}>{t('manageTitle')}</Title>
        <Button size="xs" onClick={() => setEdit({ id: null, input: NEW_NOTICE })} data-testid="add-notice">
          {t('add')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('manageIntro')}
      </Text>
      <ListTable
        framed={false}
        testId="notice-table"
        emptyTestId="notices-empty"
        minWidth={720}
        empty={t('manageEmpty')}
        head={[t('colTitle'), t('colStatus'), t('colDate'), t('colRead'), t('colActions')]}
        rows={notices.map((row) => {
          const name = localized(row.title, locale);
          return {
            key: row.id,
            attrs: { 'data-notice': row.id, 'data-published': row.published ? 1 : 0 },
            cells: [
              <Stack key="title" gap={2}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Text>
                {row.pinned && (
                  <Badge size="xs" variant="light" color="grape">
                    {t('pinnedBadge')}
                  </Badge>
                )}
              </Stack>,
              <StatusBadge key="status" size="sm" variant="light" color={row.published ? 'green' : 'gray'} data-testid="notice-status">
                {row.published ? t('published') : t('draft')}
              </StatusBadge>,
              <Text key="date" size="sm">
                {row.dateLabel}
              </Text>,
              <Text key="read" size="sm">
                {t('readBy', { count: row.readCount })}
              </Text>,
              <Group key="actions" gap={4} wrap="nowrap">
                <Button
                  size="compact-xs"
                  variant="subtle"
                  aria-label={t('editOf', { name })}
                  onClick={() => setEdit({ id: row.id, input: { title: row.title, content: row.content, pinned: row.pinned } })}
                  data-testid="edit-notice"
                >
                  {t('edit')}
                </Button>
                <PublishButton row={row} />
                <DeleteAction
                  path={`${BASE}/${row.id}`}
                  label={t('delete')}
                  confirm={t('deleteConfirm')}
                  done={t('deleted')}
                  testId="delete-notice"
                />
              </Group>,
            ],
          };
        })}
      />
      <NoticeForm
        opened={edit !== null}
        noticeId={edit?.id ?? null}
        initial={edit?.input ?? NEW_NOTICE}
        onClose={() => setEdit(null)}
        onSaved={saved}
      />
    </Paper>
  );
}
