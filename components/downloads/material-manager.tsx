'use client';

import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { DownloadAudience, MaterialInput } from '@/lib/downloads/schemas';
import { formatSize } from '@/lib/downloads/format-size';
import { localized, type LocalizedText } from '@/lib/i18n/localized';
import { useRouter } from '@/lib/i18n/navigation';
import { DeleteAction } from '@/components/ui/delete-action';
import { ListTable } from '@/components/ui/list-table';
import { useApiAction, useAppLocale } from '@/components/ui/use-api';
import { MaterialForm, NEW_MATERIAL } from './material-form';

const BASE = '/conference/platform/manage/download';

export type MaterialRow = {
  id: number;
  title: LocalizedText;
  description: LocalizedText;
  audience: DownloadAudience;
  fileName: string;
  size: number;
};

function MoveButtons({ row, first, last }: { row: MaterialRow; first: boolean; last: boolean }) {
  const t = useTranslations('downloads');
  const name = localized(row.title, useAppLocale());
  const { run, busy } = useApiAction();
  const move = (direction: 'up' | 'down') => run(`${BASE}/${row.id}/move`, { body: { direction } });
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        disabled={first || busy}
        aria-label={t('moveUpOf', { name })}
        onClick={() => move('up')}
        data-testid="move-up"
      >
        ↑
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        disabled={last || busy}
        aria-label={t('moveDownOf', { name })}
        onClick={() => move('down')}
        data-testid="move-down"
      >
        ↓
      </ActionIcon>
    </Group>
  );
}

/** The conference's download materials for its organisers: upload, change, reorder and delete. */
export function MaterialManager({ materials }: { materials: MaterialRow[] }) {
  const t = useTranslations('downloads');
  const locale = useAppLocale();
  const router = useRouter();
  const [edit, setEdit] = useState<{ id: number | null; input: MaterialInput } | null>(null);
  const saved = () => {
    setEdit(null);
    router.refresh();
  };
  return (
    <Paper withBorder p="md" data-testid="material-manager">
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Title order={3}>{t('manageTitle')}</Title>
        <Button size="xs" onClick={() => setEdit({ id: null, input: NEW_MATERIAL })} data-testid="add-material">
          {t('add')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('manageIntro')}
      </Text>
      <ListTable
        framed={false}
        testId="material-table"
        emptyTestId="materials-empty"
        minWidth={760}
        empty={t('manageEmpty')}
        head={[t('colOrder'), t('colTitle'), t('colAudience'), t('colFile'), t('colActions')]}
        rows={materials.map((row, index) => {
          const name = localized(row.title, locale);
          return {
            key: row.id,
            attrs: { 'data-material': row.id, 'data-audience': row.audience },
            cells: [
              <MoveButtons key="order" row={row} first={index === 0} last={index === materials.length - 1} />,
              <Stack key="title" gap={2}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid="material-name">
                  {name}
                </Text>
                {localized(row.description, locale) && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {localized(row.description, locale)}
                  </Text>
                )}
              </Stack>,
              <Badge key="audience" size="sm" variant="light" data-testid="material-audience">
                {t(`audience_${row.audience}`)}
              </Badge>,
              <Stack key="file" gap={0}>
                <a href={`/api/conference/download/${row.id}`} style={{ overflowWrap: 'anywhere' }}>
                  {row.fileName}
                </a>
                <Text size="xs" c="dimmed">
                  {formatSize(row.size)}
                </Text>
              </Stack>,
              <Group key="actions" gap={4} wrap="nowrap">
                <Button
                  size="compact-xs"
                  variant="subtle"
                  aria-label={t('editOf', { name })}
                  onClick={() => setEdit({ id: row.id, input: { title: row.title, description: row.description, audience: row.audience } })}
                  data-testid="edit-material"
                >
                  {t('edit')}
                </Button>
                <DeleteAction
                  path={`${BASE}/${row.id}`}
                  label={t('delete')}
                  confirm={t('deleteConfirm')}
                  done={t('deleted')}
                  testId="delete-material"
                />
              </Group>,
            ],
          };
        })}
      />
      <MaterialForm
        opened={edit !== null}
        materialId={edit?.id ?? null}
        initial={edit?.input ?? NEW_MATERIAL}
        onClose={() => setEdit(null)}
        onSaved={saved}
      />
    </Paper>
  );
}
