'use client';

import { Button, Group, Modal, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { ZMenuInput, type MenuInput } from '@/lib/cms/menu-schemas';
import { localized, type LocalizedText } from '@/lib/i18n/localized';
import { useRouter } from '@/lib/i18n/navigation';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { DeleteAction } from '@/components/ui/delete-action';
import { ListTable } from '@/components/ui/list-table';
import { useAppLocale } from '@/components/ui/use-api';
import { useApiForm } from '@/components/ui/use-api-form';

type Row = {
  id: number;
  parentId: number | null;
  title: LocalizedText;
  icon: string;
  sortOrder: number;
  newWindow: boolean;
  pageId: number | null;
  href: string;
};
type PageOption = { id: number; name: LocalizedText };
const EMPTY: MenuInput = { parentId: null, title: { zh: '', en: '' }, icon: '', sortOrder: 0, newWindow: false, pageId: null, href: '' };

function MenuForm({
  initial,
  parents,
  pages,
  onSaved,
  onClose,
}: {
  initial: MenuInput;
  parents: Row[];
  pages: PageOption[];
  onSaved: () => void;
  onClose: () => void;
}) {
  const t = useTranslations('menus');
  const tc = useTranslations('common');
  const locale = useAppLocale();
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZMenuInput,
    values: initial,
    call: { path: '/conference/menu/config/save' },
    success: t('saved'),
    onSuccess: onSaved,
  });
  return (
    <form onSubmit={submit} noValidate data-testid="menu-form">
      <Stack gap="sm">
        <BilingualInput control={form.control} name="title" label={{ zh: t('titleZh'), en: t('titleEn') }} required />
        <Controller
          control={form.control}
          name="parentId"
          render={({ field }) => (
            <Select
              label={t('parent')}
              clearable
              placeholder={t('topLevel')}
              data={parents.filter((p) => p.id !== initial.id).map((p) => ({ value: String(p.id), label: localized(p.title, locale) }))}
              value={field.value ? String(field.value) : null}
              onChange={(v) => field.onChange(v ? Number(v) : null)}
              data-testid="menu-parent"
            />
          )}
        />
        <Controller
          control={form.control}
          name="pageId"
          render={({ field }) => (
            <Select
              label={t('page')}
              description={t('pageHint')}
              clearable
              placeholder={t('none')}
              data={pages.map((p) => ({ value: String(p.id), label: localized(p.name, locale) }))}
              value={field.value ? String(field.value) : null}
              onChange={(v) => field.onChange(v ? Number(v) : null)}
              data-testid="menu-page"
            />
          )}
        />
        <TextInput label={t('href')} placeholder="/conferenceRegister" error={fieldError('href')} {...form.register('href')} />
        <SimpleGrid cols={2}>
          <TextInput label={t('icon')} description={t('iconHint')} error={fieldError('icon')} {...form.register('icon')} />
          <Controller
            control={form.control}
            name="sortOrder"
            render={({ field }) => (
              <NumberInput
                label={t('sortOrder')}
                min={0}
                max={9999}
                allowDecimal={false}
                value={typeof field.value === 'number' ? field.value : 0}
                onChange={(v) => field.onChange(Number(v) || 0)}
                error={fieldError('sortOrder')}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="newWindow"
          render={({ field }) => (
            <Switch label={t('newWindow')} checked={Boolean(field.value)} onChange={(e) => field.onChange(e.currentTarget.checked)} />
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tc('cancel')}
          </Button>
          <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="save-menu">
            {t('save')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/** The menu tree: top-level items with their children, add, edit and delete (not while it has children). */
export function MenuManager({ rows, pages }: { rows: Row[]; pages: PageOption[] }) {
  const t = useTranslations('menus');
  const locale = useAppLocale();
  const router = useRouter();
  const [editing, setEditing] = useState<MenuInput | null>(null);
  const parents = rows.filter((r) => r.parentId === null);
  const ordered = parents.flatMap((p) => [p, ...rows.filter((r) => r.parentId === p.id)]);
  const pageName = (id: number | null) => localized(pages.find((p) => p.id === id)?.name, locale);
  return (
    <Paper withBorder p="md" data-testid="menu-manager">
      <Group justify="space-between" mb="xs">
        <Title order={3}>{t('title')}</Title>
        <Button size="xs" onClick={() => setEditing(EMPTY)} data-testid="add-menu">
          {t('add')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('hint')}
      </Text>
      <ListTable
        framed={false}
        minWidth={560}
        empty={t('empty')}
        rows={ordered.map((row) => ({
          key: row.id,
          attrs: { 'data-menu': localized(row.title, 'en') },
          cells: [
            <Text key="title" size="sm" fw={row.parentId ? 400 : 600} pl={row.parentId ? 26 : 0}>
              {row.icon} {localized(row.title, locale)}
            </Text>,
            <Text key="target" size="sm" c="dimmed">
              {row.pageId ? pageName(row.pageId) : row.href}
            </Text>,
            <Text key="order" size="sm">
              {row.sortOrder}
            </Text>,
            <Group key="actions" gap={4} wrap="nowrap">
              <Button size="compact-xs" variant="subtle" onClick={() => setEditing({ ...row })}>
                {t('edit')}
              </Button>
              <DeleteAction
                path={`/conference/menu/config/delete?id=${row.id}`}
                label={t('delete')}
                confirm={t('confirmDelete')}
                done={t('deleted')}
                testId="delete-menu"
              />
            </Group>,
          ],
        }))}
      />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.id ? t('editTitle') : t('add')} size="lg">
        {editing && (
          <MenuForm
            initial={editing}
            parents={parents}
            pages={pages}
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
