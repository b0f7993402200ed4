'use client';

import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useRouter } from '@/lib/i18n/navigation';
import { showApiError } from '@/components/ui/form-errors';
import { useApi } from '@/components/ui/use-api';

/** The banner image: shown as it is, replaced by an upload (jpg/png up to 10 MB), or removed. */
export function BannerUpload({ banner }: { banner: string }) {
  const t = useTranslations('websiteConfig');
  const api = useApi();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const send = async (init: { method?: string; body?: unknown }) => {
    setBusy(true);
    try {
      await api('/conference/platform/config/website/banner', init);
      notifications.show({ color: 'green', message: t('bannerSaved') });
      router.refresh();
    } catch (error) {
      showApiError(error);
    } finally {
      setBusy(false);
    }
  };
  const upload = (file: File | null) => {
    if (!file) return;
    const body = new FormData();
    body.set('file', file);
    void send({ body });
  };
  return (
    <Stack gap="xs" data-testid="banner">
      <Text size="sm" c="dimmed">
        {t('bannerHint')}
      </Text>
      {banner && (
        <Image src={`/api/conference/asset/${banner}`} alt={t('banner')} mah={180} fit="cover" radius="sm" data-testid="banner-image" />
      )}
      <Group>
        <FileButton onChange={upload} accept=".jpg,.jpeg,.png">
          {(props) => (
            <Button {...props} size="xs" loading={busy} data-testid="upload-banner">
              {t('uploadBanner')}
            </Button>
          )}
        </FileButton>
        {banner && (
          <Button size="xs" variant="subtle" color="red" disabled={busy} onClick={() => send({ method: 'DELETE' })}>
            {t('removeBanner')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
