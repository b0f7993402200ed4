'use client';

import { Avatar, Button, Divider, Group, Image, Select, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { OrganisationEntry } from '@/lib/oidc/search';
import { useAppLocale } from '@/components/ui/use-api';

function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w));
  if (words.length === 0) return name.slice(0, 2);
  return words
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('');
}

/**
 * The login pages' organisation side (spec §2): the three shortcut organisations as logos (or their
 * initials), a searchable list of the others and a go button, each beginning the login at that
 * organisation; and the central account login when the platform has one.
 */
export function OrganisationLogin({ organisations, centralUrl }: { organisations: OrganisationEntry[]; centralUrl: string | null }) {
  const t = useTranslations('orgLogin');
  const locale = useAppLocale();
  const [chosen, setChosen] = useState<string | null>(null);
  const nameOf = (o: OrganisationEntry) => (locale === 'zh' ? o.zname : o.ename) || o.ename || o.zname;
  const shortcuts = organisations.filter((o) => o.shortcutOrder !== null).slice(0, 3);
  const others = organisations.filter((o) => !shortcuts.includes(o));
  if (organisations.length === 0 && !centralUrl) return null;

  const go = () => {
    const target = others.find((o) => o.slug === chosen);
    if (!target) {
      notifications.show({ color: 'orange', message: t('chooseFirst') });
      return;
    }
    window.location.assign(target.redirectUrl);
  };

  return (
    <Stack gap="sm" data-testid="organisation-login">
      <Divider label={t('or')} labelPosition="center" />
      <Text fw={600}>{t('title')}</Text>
      {organisations.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
      )}
      {shortcuts.length > 0 && (
        <SimpleGrid cols={3} spacing="xs" aria-label={t('shortcuts')} role="group">
          {shortcuts.map((o) => (
            <UnstyledButton
              key={o.slug}
              component="a"
              href={o.redirectUrl}
              aria-label={t('loginWith', { name: nameOf(o) })}
              data-testid="org-shortcut"
              data-org={o.slug}
              style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8, padding: 8, textAlign: 'center' }}
            >
              <Stack gap={4} align="center">
                {o.logoUrl ? (
                  <Image src={o.logoUrl} alt={t('logoAlt', { name: nameOf(o) })} h={40} w="auto" fit="contain" />
                ) : (
                  <Avatar color="teal" radius="xl" aria-hidden>
                    {initials(o.ename || o.zname)}
                  </Avatar>
                )}
                <Text size="xs" lineClamp={2}>
                  {nameOf(o)}
                </Text>
              </Stack>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
      {others.length > 0 && (
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Select
            style={{ flex: 1, minWidth: 0 }}
            label={t('search')}
            placeholder={t('searchPlaceholder')}
            searchable
            nothingFoundMessage={t('noMatch')}
            data={others.map((o) => ({ value: o.slug, label: nameOf(o) }))}
            value={chosen}
            onChange={setChosen}
            data-testid="org-select"
          />
          <Button onClick={go} data-testid="org-go">
            {t('go')}
          </Button>
        </Group>
      )}
      {centralUrl && (
        <Button component="a" href={centralUrl} variant="light" data-testid="central-login">
          {t('central')}
        </Button>
      )}
    </Stack>
  );
}
