'use client';

import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { buttonLook, ui } from '@/components/layout/page-parts';
import { ApiError } from '@/components/ui/api-client';
import { useApiAction, useUpload } from '@/components/ui/use-api';
import { useRouter } from '@/lib/i18n/navigation';
import { SLIDES_TYPES } from '@/lib/programme/slides-types';
import { UPLOAD_MAX_BYTES } from '@/lib/storage/file-types';

/**
 * A presenter's answer and slides for one contribution, on a light screen (plain controls, no Mantine): "I will
 * present" / "Withdraw" (withdrawing asks first, in the app's confirm dialog), and the slides or poster upload (PDF,
 * PPTX; the server checks the content and answers a refusal in the user's language) with the current file's link.
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
  const upload = useUpload();
  const { run, busy } = useApiAction();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const mb = Math.floor(UPLOAD_MAX_BYTES / 1024 / 1024);
  const answer = (next: 'confirmed' | 'withdrawn') =>
    run('/conference/programme/presenter', { method: 'POST', body: { contributionId, state: next } }, t(next), {
      confirm: next === 'withdrawn' ? { message: t('withdrawConfirm'), color: 'red', confirmLabel: t('withdraw') } : undefined,
    });
  const send = async (file: File | undefined) => {
    if (!file) return;
    const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
    if (!(SLIDES_TYPES as readonly string[]).includes(ext) || file.size > UPLOAD_MAX_BYTES) {
      setFailure(t('slidesHint', { mb }));
      return;
    }
    const body = new FormData();
    body.set('contributionId', String(contributionId));
    body.set('file', file);
    setSending(true);
    setFailure(null);
    try {
      await upload('/conference/programme/presenter/slides', body);
      notifications.show({ color: 'green', message: t('slidesUploaded') });
      router.refresh();
    } catch (e) {
      setFailure(e instanceof ApiError ? e.message : t('slidesHint', { mb }));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={ui.stack} data-gap="tight">
      <div className={ui.group}>
        {state !== 'confirmed' && (
          <button
            type="button"
            {...buttonLook({ size: 'xs' })}
            disabled={busy}
            onClick={() => answer('confirmed')}
            data-testid={`presenter-confirm-${code}`}
          >
            {t('confirm')}
          </button>
        )}
        {state !== 'withdrawn' && (
          <button
            type="button"
            {...buttonLook({ variant: 'light', color: 'red', size: 'xs' })}
            disabled={busy}
            onClick={() => answer('withdrawn')}
            data-testid={`presenter-withdraw-${code}`}
          >
            {t('withdraw')}
          </button>
        )}
      </div>
      <div className={ui.stack} data-gap="tight" data-testid={`presenter-slides-field-${code}`}>
        <label htmlFor={id} className={`${ui.text} ${ui.strong}`}>
          {t('slides')}
        </label>
        <p className={`${ui.xs} ${ui.dimmed}`}>{t('slidesHint', { mb })}</p>
        <input
          id={id}
          type="file"
          accept={SLIDES_TYPES.map((e) => `.${e}`).join(',')}
          disabled={sending}
          aria-busy={sending || undefined}
          data-testid={`presenter-slides-${code}`}
          onChange={(e) => {
            void send(e.currentTarget.files?.[0]);
            e.currentTarget.value = '';
          }}
        />
        {failure && (
          <p className={ui.text} role="alert" style={{ color: 'var(--mantine-color-red-8)' }}>
            {failure}
          </p>
        )}
        {slides && (
          <a
            className={`${ui.anchor} ${ui.sm}`}
            href={`/api/conference/programme/slides?code=${encodeURIComponent(code)}`}
            data-testid={`presenter-slides-link-${code}`}
          >
            {t('slidesCurrent', { name: slides.originalName })}
          </a>
        )}
      </div>
    </div>
  );
}
