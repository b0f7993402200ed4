'use client';

import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useApiAction } from '@/components/ui/use-api';
import { useRouter } from '@/lib/i18n/navigation';

/** `listHref`: where to go once the reviewer is deleted (from their details page). */
type Props = { id: number; email: string; role: string; active: boolean; listHref?: string };

/** One reviewer's buttons: resend the invitation (while not active), switch the role, remove (after a confirmation). */
export function ReviewerActions({ id, email, role, active, listHref }: Props) {
  const t = useTranslations('reviewers');
  const router = useRouter();
  const { run, busy } = useApiAction();
  const remove = async () => {
    const answer = await run<{ removed: boolean; deactivated: boolean }>(
      `/conference/platform/manage/review/${id}`,
      { method: 'DELETE' },
      undefined,
      {
        confirm: { message: t('removeConfirm', { email }), color: 'red', confirmLabel: t('remove') },
      },
    );
    if (answer)
      notifications.show({ color: answer.removed ? 'green' : 'orange', message: answer.removed ? t('removed') : t('deactivated') });
    if (answer?.removed && listHref) router.push(listHref);
  };
  return (
    <Group gap={4} wrap="wrap">
      {!active && (
        <Button
          size="compact-xs"
          variant="subtle"
          loading={busy}
          data-testid="reviewer-resend"
          onClick={() => run('/conference/platform/manage/review/mail', { body: { id } }, t('resent'))}
        >
          {t('resend')}
        </Button>
      )}
      {role === 'chair' ? (
        <Button
          size="compact-xs"
          variant="subtle"
          loading={busy}
          data-testid="reviewer-make-reviewer"
          onClick={() => run(`/conference/platform/manage/review/role/${id}`, { method: 'DELETE' }, t('roleSaved'))}
        >
          {t('makeReviewer')}
        </Button>
      ) : (
        <Button
          size="compact-xs"
          variant="subtle"
          loading={busy}
          data-testid="reviewer-make-chair"
          onClick={() => run('/conference/platform/manage/review/role', { body: { id, role: 'chair' } }, t('roleSaved'))}
        >
          {t('makeChair')}
        </Button>
      )}
      <Button size="compact-xs" variant="subtle" color="red" loading={busy} data-testid="reviewer-remove" onClick={remove}>
        {t('remove')}
      </Button>
    </Group>
  );
}
