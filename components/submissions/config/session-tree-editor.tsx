'use client';

import { Badge, Box, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { localized } from '@/lib/i18n/localized';
import { useRouter } from '@/lib/i18n/navigation';
import { MAX_SESSION_DEPTH } from '@/lib/submissions/config-schemas';
import { flattenSessions, type FlatSession, type SessionNode } from '@/lib/submissions/session-tree';
import { DeleteAction } from '@/components/ui/delete-action';
import { useApiAction, useAppLocale } from '@/components/ui/use-api';
import { SessionForm, type SessionDraft } from './session-form';

const BASE = '/conference/platform/config/contribute/session';

/** Levels below `id` (1 for a leaf). */
function heightOf(flat: FlatSession[], id: number): number {
  return 1 + Math.max(0, ...flat.filter((s) => s.parentId === id).map((s) => heightOf(flat, s.id)));
}

function isInside(flat: FlatSession[], id: number, ancestor: number): boolean {
  for (let at = flat.find((s) => s.id === id); at; at = flat.find((s) => s.id === at!.parentId)) if (at.id === ancestor) return true;
  return false;
}

/**
 * The sessions/themes of the call as an indented tree: add (at the top or under a session), edit
 * names, prefix and parent, move up and down among siblings, delete (refused while it has
 * sub-sessions or submissions).
 */
export function SessionTreeEditor({ tree }: { tree: SessionNode[] }) {
  const t = useTranslations('contributeConfig');
  const locale = useAppLocale();
  const router = useRouter();
  const { run, busy } = useApiAction();
  const [editing, setEditing] = useState<SessionDraft | null>(null);
  const flat = flattenSessions(tree);
  const other = locale === 'zh' ? 'en' : 'zh';

  // Where a session may go: not into itself or its subtree, not deeper than the limit.
  const parentsFor = (draft: SessionDraft | null) =>
    flat.filter((p) => {
      if (!draft?.id) return p.depth + 1 < MAX_SESSION_DEPTH;
      return !isInside(flat, p.id, draft.id) && p.depth + 1 + heightOf(flat, draft.id) <= MAX_SESSION_DEPTH;
    });
  const siblingsOf = (s: FlatSession) => flat.filter((x) => x.parentId === s.parentId);
  const move = (s: FlatSession, by: -1 | 1) => {
    const index = siblingsOf(s).findIndex((x) => x.id === s.id);
    return run(`${BASE}/${s.id}/move`, { body: { parentId: s.parentId, position: index + by } }, t('sessionMoved'));
  };

  return (
    <Paper withBorder p="md" data-testid="session-tree-editor">
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Title order={4}>{t('sessionsTitle')}</Title>
        <Button size="xs" onClick={() => setEditing({ parentId: null, name: { zh: '', en: '' }, prefix: '' })} data-testid="add-session">
          {t('addSession')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('sessionsHint', { depth: MAX_SESSION_DEPTH })}
      </Text>
      {flat.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="sessions-empty">
          {t('sessionsEmpty')}
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('sessionsTitle')}>
          {flat.map((s) => {
            const siblings = siblingsOf(s);
            const index = siblings.findIndex((x) => x.id === s.id);
            const name = localized(s.name, locale);
            return (
              <Box
                component="li"
                key={s.id}
                pl={s.depth * 20}
                py={6}
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                data-testid="session-row"
                data-session={s.name.en}
                data-depth={s.depth}
              >
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Box style={{ minWidth: 0, flex: '1 1 180px' }}>
                    <Group gap={6} wrap="wrap">
                      {s.depth > 0 && (
                        <Text span c="dimmed" aria-hidden>
                          └
                        </Text>
                      )}
                      <Text span fw={s.depth === 0 ? 600 : 400} size="sm">
                        {name}
                      </Text>
                      {s.prefix && (
                        <Badge size="sm" variant="light">
                          {t('prefixBadge', { prefix: s.prefix })}
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed" lang={other}>
                      {s.name[other]}
                    </Text>
                  </Box>
                  <Group gap={4} wrap="wrap">
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      disabled={busy || index === 0}
                      onClick={() => move(s, -1)}
                      aria-label={t('moveUpOf', { name })}
                      data-testid="session-up"
                    >
                      {t('moveUp')}
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      disabled={busy || index === siblings.length - 1}
                      onClick={() => move(s, 1)}
                      aria-label={t('moveDownOf', { name })}
                      data-testid="session-down"
                    >
                      {t('moveDown')}
                    </Button>
                    {s.depth + 1 < MAX_SESSION_DEPTH && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => setEditing({ parentId: s.id, name: { zh: '', en: '' }, prefix: '' })}
                        aria-label={t('addChildOf', { name })}
                        data-testid="session-add-child"
                      >
                        {t('addChild')}
                      </Button>
                    )}
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => setEditing({ id: s.id, parentId: s.parentId, name: s.name, prefix: s.prefix })}
                      aria-label={t('editOf', { name })}
                      data-testid="session-edit"
                    >
                      {t('edit')}
                    </Button>
                    <DeleteAction
                      path={`${BASE}/${s.id}`}
                      label={t('delete')}
                      confirm={t('confirmDelete', { name })}
                      done={t('sessionDeleted')}
                      testId="session-delete"
                    />
                  </Group>
                </Group>
              </Box>
            );
          })}
        </Stack>
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.id ? t('editSession') : t('addSession')} size="lg">
        {editing && (
          <SessionForm
            initial={editing}
            parents={parentsFor(editing)}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              router.refresh();
            }}
          />
        )}
      </Modal>
    </Paper>
  );
}
