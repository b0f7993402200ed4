'use client';

import { Button, Group, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { AdminProvider } from '@/lib/oidc/admin';
import { ListTable } from '@/components/ui/list-table';
import { useRouter } from '@/lib/i18n/navigation';
import { useAppLocale } from '@/components/ui/use-api';
import { NEW_PROVIDER, ProviderForm } from './provider-form';
import { StatusBadge } from '@/components/ui/status-badge';

type Editing = { id: number | null; secretSet: boolean; initial: typeof NEW_PROVIDER } | null;

/** The platform administrator's list of identity providers, with add and edit. */
export function ProviderAdmin({ providers }: { providers: AdminProvider[] }) {
  const t = useTranslations('identityAdmin');
  const locale = useAppLocale();
  const router = useRouter();
  const [editing, setEditing] = useState<Editing>(null);
  const edit = (p: AdminProvider) =>
    setEditing({
      id: p.id,
      secretSet: p.secretSet,
      initial: {
        kind: p.kind as 'organisation' | 'central',
        slug: p.slug,
        nameZh: p.nameZh,
        nameEn: p.nameEn,
        entityId: p.entityId,
        federation: p.federation as 'edugain' | 'local',
        issuer: p.issuer,
        clientId: p.clientId,
        clientSecret: '',
        clearSecret: false,
        scopes: p.scopes,
        logoUrl: p.logoUrl,
        homeUrl: p.homeUrl,
        shortcutOrder: (p.shortcutOrder as 1 | 2 | 3 | null) ?? null,
        enabled: p.enabled,
      },
    });

  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button onClick={() => setEditing({ id: null, secretSet: false, initial: NEW_PROVIDER })} data-testid="add-provider">
          {t('add')}
        </Button>
      </Group>
      <ListTable
        testId="provider-list"
        emptyTestId="provider-empty"
        minWidth={720}
        empty={t('empty')}
        head={[t('colName'), t('colKind'), t('colIssuer'), t('colShortcut'), t('colStatus'), t('colActions')]}
        rows={providers.map((p) => ({
          key: p.id,
          attrs: { 'data-provider': p.slug },
          cells: [
            <div key="name">
              <Text fw={500}>{locale === 'zh' ? p.nameZh : p.nameEn}</Text>
              <Text size="xs" c="dimmed">
                {p.slug}
              </Text>
            </div>,
            <Text key="kind" size="sm">
              {p.kind === 'central' ? t('kindCentral') : t('kindOrganisation')}
            </Text>,
            <Text key="issuer" size="sm" style={{ wordBreak: 'break-all' }}>
              {p.issuer}
            </Text>,
            <Text key="shortcut" size="sm">
              {p.shortcutOrder ?? '—'}
            </Text>,
            <StatusBadge size="md" key="status" variant="light" color={p.enabled ? 'green' : 'gray'}>
              {p.enabled ? t('active') : t('disabled')}
            </StatusBadge>,
            <Button key="edit" size="xs" variant="light" onClick={() => edit(p)} aria-label={t('editTitle', { name: p.nameEn })}>
              {t('edit')}
            </Button>,
          ],
        }))}
      />
      {editing && (
        <ProviderForm
          opened
          providerId={editing.id}
          secretSet={editing.secretSet}
          initial={editing.initial}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            router.refresh();
          }}
        />
      )}
    </>
  );
}
