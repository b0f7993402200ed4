'use client';

import { Accordion, AccordionControl, AccordionItem, AccordionPanel, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useRouter } from '@/lib/i18n/navigation';
import { useApi } from '@/components/ui/use-api';

/** A published notice as the registrant's page hands it over: in their language, its content already made safe. */
export type NoticeItem = { id: number; title: string; html: string; pinned: boolean; dateLabel: string; read: boolean };

/**
 * The registrant's notices: pinned ones first, then the newest. An unread one says so in words;
 * opening it marks it read (on the server too, so the menu's count goes down).
 */
export function NoticeList({ notices }: { notices: NoticeItem[] }) {
  const t = useTranslations('notices');
  const api = useApi();
  const router = useRouter();
  const [read, setRead] = useState<Set<number>>(() => new Set(notices.filter((n) => n.read).map((n) => n.id)));

  const open = async (values: string[]) => {
    const fresh = values.map(Number).filter((id) => !read.has(id));
    if (!fresh.length) return;
    setRead((current) => new Set([...current, ...fresh]));
    try {
      await Promise.all(fresh.map((id) => api(`/conference/notice/${id}/read`, { method: 'POST' })));
      router.refresh();
    } catch {
      // The mark stays unread on the server; the next visit shows it again.
    }
  };

  return (
    <Accordion multiple variant="separated" onChange={open} data-testid="notice-list">
      {notices.map((n) => {
        const unread = !read.has(n.id);
        return (
          <AccordionItem key={n.id} value={String(n.id)} data-notice={n.id} data-read={unread ? 0 : 1}>
            <AccordionControl data-testid="notice-open">
              <Stack gap={4}>
                <Group gap={6} wrap="wrap">
                  {n.pinned && (
                    <Badge size="sm" variant="light" color="grape">
                      {t('pinnedBadge')}
                    </Badge>
                  )}
                  {unread && (
                    <Badge size="sm" variant="filled" color="red.8" data-testid="notice-unread">
                      {t('unread')}
                    </Badge>
                  )}
                </Group>
                <Text fw={unread ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
                  {n.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('publishedOn', { date: n.dateLabel })}
                </Text>
              </Stack>
            </AccordionControl>
            <AccordionPanel>
              <div data-testid="notice-content" style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: n.html }} />
            </AccordionPanel>
          </AccordionItem>
        );
      })}
    </Accordion>
  );
}
