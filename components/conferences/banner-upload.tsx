'use client';

import { Button, Group, Image, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { BANNER_MAX_BYTES } from '@/lib/conferences/website-schemas';
import { useRouter } from '@/lib/i18n/navigation';
import { UploadField } from '@/components/ui/upload-field';
import { useApiAction } from '@/components/ui/use-api';

/** The banner image: shown as it is, replaced by an upload (jpg/png up to 10 MB), or removed. */
export function BannerUpload({ banner }: { banner: string }) {
  const t = useTranslations('websiteConfig');
  const te = useTranslations('errors');
  const router = useRouter();
  const { run, busy } = useApiAction();
  // The upload's own call (through UploadField) shows its success here; the removal through useApiAction.
  const uploaded = () => {
    notifications.show({ color: 'green', message: t('bannerSaved') });
    router.refresh();
  };
  const remove = () => run('/conference/platform/config/website/banner', { method: 'DELETE' }, t('bannerSaved'));
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
        onUploaded={uploaded}
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
