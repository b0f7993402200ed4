'use client';

import { Button, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { UploadField } from '@/components/ui/upload-field';
import { useApiAction } from '@/components/ui/use-api';
import { CERTIFICATE_IMAGE_MAX_BYTES, CERTIFICATE_IMAGE_TYPES, type CertificateImageKind } from '@/lib/certificates/settings-schema';
import { useRouter } from '@/lib/i18n/navigation';

/** The signature and the seal: each shown as stored (organisers only), replaced by an upload, or removed. */
export function CertificateImages({ signature, seal }: { signature: string; seal: string }) {
  const t = useTranslations('onsiteDocs');
  const te = useTranslations('errors');
  const router = useRouter();
  const { run, busy } = useApiAction();
  const one = (kind: CertificateImageKind, stored: string) => {
    const url = `/conference/platform/onsite/certificates/image?kind=${kind}`;
    return (
      <Stack gap="xs" key={kind} data-testid={`certificate-${kind}`}>
        <Text fw={600} size="sm">
          {t(kind)}
        </Text>
        <UploadField<{ name: string }>
          url={url}
          types={CERTIFICATE_IMAGE_TYPES}
          maxBytes={CERTIFICATE_IMAGE_MAX_BYTES}
          tooLargeMessage={te('onsiteDocs.imageTooLarge')}
          buttonLabel={kind === 'signature' ? t('uploadSignature') : t('uploadSeal')}
          disabled={busy}
          testId={`upload-${kind}`}
          onUploaded={() => {
            notifications.show({ color: 'green', message: t('imageSaved') });
            router.refresh();
          }}
        >
          {stored && (
            <Image
              src={`/api${url}&v=${stored}`}
              alt={kind === 'signature' ? t('signatureAlt') : t('sealAlt')}
              mah={120}
              w="auto"
              fit="contain"
              data-testid={`certificate-${kind}-image`}
            />
          )}
        </UploadField>
        {stored && (
          <Group>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              disabled={busy}
              onClick={() => run(url, { method: 'DELETE' }, t('imageRemoved'))}
            >
              {t('remove')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  };
  return <SimpleGrid cols={{ base: 1, sm: 2 }}>{[one('signature', signature), one('seal', seal)]}</SimpleGrid>;
}
