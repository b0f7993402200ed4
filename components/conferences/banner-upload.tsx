'use client';

import { Button, Group, Image, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { BANNER_MAX_BYTES } from '@/lib/conferences/website-schemas';
import { useRouter } from '@/lib/i18n/navigation';
import { showApiError } from '@/components/ui/form-errors';
import { UploadField } from '@/components/ui/upload-field';
import { useApi } from '@/components/ui/use-api';

/** The banner image: shown as it is, replaced by an upload (jpg/png up to 10 MB), or removed. */
export function BannerUpload({ banner }: { banner: string }) {
  const t = useTranslations('websiteConfig');
  const te = useTranslations('errors');
  const api = useApi();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const saved = () => {
    notifications.show({ color: 'green', message: t('bannerSaved') });
    router.refresh();
  };
  const remove = async () => {
    setBusy(true);
    try {
      await api('/conference/platform/config/website/banner', { method: 'DELETE' });
      saved();
    } catch (error) {
      showApiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" data-testid="banner">
      <UploadField<{ name: string }>
        url="/conference/platform/config/website/banner"
        description={t('bannerHint')}
        types={['jpg', 'jpeg', 'png']}
        maxBytes={BANNER_MAX_BYTES}
        tooLargeMessage={te('bannerTooLarge')}
        buttonLabel={t('uploadBanner')}
        disabled={busy}
        testId="upload-banner"
        onUploaded={saved}
      >
        {banner && (
          <Image src={`/api/conference/asset/${banner}`} alt={t('banner')} mah={180} fit="cover" radius="sm" data-testid="banner-image" />
        )}
      </UploadField>
      {banner && (
        <Group>
          <Button size="xs" variant="subtle" color="red" disabled={busy} onClick={remove}>
            {t('removeBanner')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
