'use client';

import { Alert, Button, Checkbox, Code, Fieldset, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/components/ui/use-api-form';
import { locales, type Locale } from '@/lib/i18n/localized';
import { CAMPAIGN_MAX, CAMPAIGN_RECOMMENDED, CAMPAIGN_VARS, ZCampaignMessage, type CampaignMessage } from '@/lib/mail/campaign-schema';
import { MAIL_BODY_MAX, MAIL_SUBJECT_MAX, unknownPlaceholders } from '@/lib/mail/template-schema';

type Filters = { q: string; from: string; to: string; pay: string; fee: number | '' };
type Selection = {
  selected: Set<number>;
  toggle: (id: number, on: boolean) => void;
  all: boolean;
  setAll: (on: boolean) => void;
};
const SelectionContext = createContext<Selection | null>(null);

function useSelection(): Selection {
  const value = useContext(SelectionContext);
  if (!value) throw new Error('bulk mail selection outside its provider');
  return value;
}

/** Holds the registrants ticked on the list (or "all matching the filter") for a bulk mail. */
export function BulkMailSelection({ children }: { children: ReactNode }) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [all, setAll] = useState(false);
  const value = useMemo<Selection>(
    () => ({
      selected,
      all,
      setAll,
      toggle: (id, on) =>
        setSelected((prev) => {
          const next = new Set(prev);
          if (on) next.add(id);
          else next.delete(id);
          return next;
        }),
    }),
    [selected, all],
  );
  return <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>;
}

/** One row's tick box. */
export function RegistrantCheckbox({ id, label }: { id: number; label: string }) {
  const { selected, toggle, all } = useSelection();
  return (
    <Checkbox
      aria-label={label}
      checked={all || selected.has(id)}
      disabled={all}
      onChange={(e) => toggle(id, e.currentTarget.checked)}
      data-testid="registrant-select"
    />
  );
}

/** The page's tick box: every row shown on this page. */
export function PageCheckbox({ ids, label }: { ids: number[]; label: string }) {
  const { selected, toggle, all } = useSelection();
  const checked = ids.length > 0 && ids.every((id) => selected.has(id));
  return (
    <Checkbox
      aria-label={label}
      checked={all || checked}
      indeterminate={!all && !checked && ids.some((id) => selected.has(id))}
      disabled={all}
      onChange={(e) => ids.forEach((id) => toggle(id, e.currentTarget.checked))}
      data-testid="registrant-select-page"
    />
  );
}

const EMPTY: CampaignMessage = { subject: { zh: '', en: '' }, body: { zh: '', en: '' } };

/**
 * The bulk mail bar above the list: how many are chosen, "all N matching the filter", and the
 * message (subject and body in zh and en with {name}, {conference} …) sent to each in their language.
 */
export function BulkMailBar({ filters, total }: { filters: Filters; total: number }) {
  const t = useTranslations('bulkMail');
  const { selected, all, setAll } = useSelection();
  const [open, setOpen] = useState(false);
  const count = all ? total : selected.size;
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZCampaignMessage,
    defaultValues: EMPTY,
    call: (message, api) =>
      api<{ recipients: number }>('/conference/manage/user/mail', { body: { ...message, ids: all ? [] : [...selected], all, filters } }),
    success: (result) => t('sent', { count: result.recipients }),
    onSuccess: () => {
      form.reset(EMPTY);
      setOpen(false);
    },
    refresh: true,
  });
  const values = useWatch({ control: form.control });
  const errorOf = (field: 'subject' | 'body', locale: Locale) => {
    const unknown = unknownPlaceholders(values?.[field]?.[locale] ?? '', CAMPAIGN_VARS);
    if (unknown.length > 0) return t('unknownVars', { names: unknown.map((n) => `{${n}}`).join(', ') });
    return fieldError(`${field}.${locale}`);
  };
  return (
    <Group justify="space-between" gap="sm" data-testid="bulk-mail-bar">
      <Group gap="md">
        <Text size="sm" data-testid="bulk-mail-count">
          {t('chosen', { count })}
        </Text>
        <Checkbox
          label={t('allMatching', { total })}
          checked={all}
          onChange={(e) => setAll(e.currentTarget.checked)}
          data-testid="bulk-mail-all"
        />
      </Group>
      <Button onClick={() => setOpen(true)} variant="light" data-testid="bulk-mail-open">
        {t('open')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('title')} size="lg">
        <form onSubmit={submit} noValidate data-testid="bulk-mail-form">
          <Stack gap="sm">
            <Text size="sm" data-testid="bulk-mail-recipients">
              {t('recipients', { count })}
            </Text>
            <Alert color={count > CAMPAIGN_RECOMMENDED ? 'orange' : 'blue'} variant="light">
              {t('hint', { recommended: CAMPAIGN_RECOMMENDED, max: CAMPAIGN_MAX })}
            </Alert>
            <Text size="sm">
              {t('vars')}{' '}
              {CAMPAIGN_VARS.map((v) => (
                <Code key={v} mr={4}>{`{${v}}`}</Code>
              ))}
            </Text>
            {locales.map((locale) => (
              <Fieldset key={locale} legend={t(`language_${locale}`)}>
                <Stack gap="sm">
                  <TextInput
                    label={t('subject')}
                    required
                    maxLength={MAIL_SUBJECT_MAX}
                    error={errorOf('subject', locale)}
                    data-testid={`bulk-mail-subject-${locale}`}
                    {...form.register(`subject.${locale}`)}
                  />
                  <Textarea
                    label={t('body')}
                    required
                    autosize
                    minRows={4}
                    maxLength={MAIL_BODY_MAX}
                    error={errorOf('body', locale)}
                    data-testid={`bulk-mail-body-${locale}`}
                    {...form.register(`body.${locale}`)}
                  />
                </Stack>
              </Fieldset>
            ))}
            <Group>
              <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="bulk-mail-send">
                {t('send')}
              </SubmitButton>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Group>
  );
}
