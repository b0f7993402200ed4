'use client';

import { Anchor, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { UploadField } from '@/components/ui/upload-field';
import { useApiAction } from '@/components/ui/use-api';
import { useRouter } from '@/lib/i18n/navigation';
import { SLIDES_TYPES } from '@/lib/programme/agenda-schemas';
import { UPLOAD_MAX_BYTES } from '@/lib/storage/file-types';

/**
 * A presenter's answer and slides for one contribution: "I will present" / "Withdraw" (withdrawing asks first, in
 * the app's confirm dialog), and the slides or poster upload (PDF, PPTX) with the current file's download.
 */
export function PresenterActions({
  contributionId,
  code,
  state,
  slides,
}: {
  contributionId: number;
  code: string;
  state: 'pending' | 'confirmed' | 'withdrawn';
  slides: { originalName: string } | null;
}) {
  const t = useTranslations('presenter');
  const router = useRouter();
  const { run, busy } = useApiAction();
  const answer = (next: 'confirmed' | 'withdrawn') =>
    run('/conference/programme/presenter', { method: 'POST', body: { contributionId, state: next } }, t(next), {
      confirm: next === 'withdrawn' ? { message: t('withdrawConfirm'), color: 'red', confirmLabel: t('withdraw') } : undefined,
    });
  const mb = Math.floor(UPLOAD_MAX_BYTES / 1024 / 1024);

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        {state !== 'confirmed' && (
          <Button size="xs" onClick={() => answer('confirmed')} loading={busy} data-testid={`presenter-confirm-${code}`}>
            {t('confirm')}
          </Button>
        )}
        {state !== 'withdrawn' && (
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => answer('withdrawn')}
            disabled={busy}
            data-testid={`presenter-withdraw-${code}`}
          >
            {t('withdraw')}
          </Button>
        )}
      </Group>
      <UploadField<{ id: number; originalName: string }>
        url="/conference/programme/presenter/slides"
        fields={{ contributionId: String(contributionId) }}
        label={t('slides')}
        description={t('slidesHint', { mb })}
        types={SLIDES_TYPES}
        maxBytes={UPLOAD_MAX_BYTES}
        buttonLabel={slides ? t('slidesReplace') : t('slidesUpload')}
        testId={`presenter-slides-${code}`}
        wrapperTestId={`presenter-slides-field-${code}`}
        onUploaded={() => {
          notifications.show({ color: 'green', message: t('slidesUploaded') });
          router.refresh();
        }}
      >
        {slides && (
          <Anchor
            size="sm"
            href={`/api/conference/programme/slides?code=${encodeURIComponent(code)}`}
            data-testid={`presenter-slides-link-${code}`}
          >
            {t('slidesCurrent', { name: slides.originalName })}
          </Anchor>
        )}
      </UploadField>
    </Stack>
  );
}
