'use client';

import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useApiAction } from '@/components/ui/use-api';

/** The conference's administrators: add a platform user by email, remove one (never the last). */
export function ManagersPanel({ managers }: { managers: { userId: string; name: string; email: string }[] }) {
  const t = useTranslations('websiteConfig');
  const { run, busy } = useApiAction();
  const [email, setEmail] = useState('');
  const call = async (path: string, init: { method?: string; body?: unknown }, message: string, confirm?: string) => {
    if ((await run(path, init, message, { confirm })) !== undefined) setEmail('');
  };
  return (
    <Stack gap="sm" data-testid="managers">
      <Table>
        <Table.Tbody>
          {managers.map((m) => (
            <Table.Tr key={m.userId} data-manager={m.email}>
              <Table.Td>
                <Text size="sm">{m.name}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{m.email}</Text>
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  disabled={busy}
                  onClick={() =>
                    call(
                      `/conference/platform/config/website/admin?${new URLSearchParams({ userId: m.userId })}`,
                      { method: 'DELETE' },
                      t('adminRemoved'),
                      t('confirmRemoveAdmin'),
                    )
                  }
                >
                  {t('remove')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group align="flex-end">
        <TextInput
          label={t('adminEmail')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          style={{ flex: 1, maxWidth: 360 }}
          data-testid="admin-email"
        />
        <Button
          loading={busy}
          disabled={!email.trim()}
          onClick={() => call('/conference/platform/config/website/admin', { body: { email } }, t('adminAdded'))}
          data-testid="add-admin"
        >
          {t('addAdmin')}
        </Button>
      </Group>
    </Stack>
  );
}
