'use client';

import { Button, Group } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { DeleteAction } from '@/components/ui/delete-action';
import { useApiAction } from '@/components/ui/use-api';

/** Edit, view, publish or withdraw, and delete one page. */
export function PageActions({ id, published }: { id: number; published: boolean }) {
  const t = useTranslations('pages');
  const { run: call, busy } = useApiAction();
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-xs" variant="subtle" component={Link} href={`/platform/config/page/edit/${id}`} data-testid="edit-page">
        {t('edit')}
      </Button>
      <Button size="compact-xs" variant="subtle" component={Link} href={`/page/${id}`} data-testid="view-page">
        {t('view')}
      </Button>
      <Button
        size="compact-xs"
        variant="light"
        color={published ? 'orange' : 'green'}
        loading={busy}
        onClick={() =>
          call(
            '/conference/platform/config/page/publish',
            { body: { id, published: !published } },
            published ? t('unpublishedNow') : t('publishedNow'),
          )
        }
        data-testid="toggle-publish"
      >
        {published ? t('unpublish') : t('publish')}
      </Button>
      <DeleteAction
        path={`/conference/platform/config/page/delete?id=${id}`}
        label={t('delete')}
        confirm={t('confirmDelete')}
        done={t('deleted')}
      />
    </Group>
  );
}
