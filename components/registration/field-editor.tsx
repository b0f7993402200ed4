'use client';

import { ActionIcon, Button, Group, Modal, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { CHOICE_TYPES, CUSTOM_TYPES, ZFieldInput, type FieldInput } from '@/lib/registration/fields';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { useApiForm } from '@/components/ui/use-api-form';
import { SubmitButton } from '@/components/ui/submit-button';

/** The modal that adds or edits one custom item of form `version`: type, names in both languages, options, required. */
export function FieldEditor({
  opened,
  initial,
  version,
  onClose,
  onSaved,
}: {
  opened: boolean;
  initial: FieldInput;
  version: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useTranslations('registerConfig');
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZFieldInput,
    values: initial,
    call: { path: '/conference/conferenceRegUserConfig/saveOptions', body: (value) => ({ ...value, version }) },
    success: t('fieldSaved'),
    onSuccess: onSaved,
    refresh: true,
  });
  const options = useFieldArray({ control: form.control, name: 'options' });
  const type = useWatch({ control: form.control, name: 'type' });
  const errors = form.formState.errors;
  return (
    <Modal opened={opened} onClose={onClose} title={initial.key ? t('editField') : t('addField')} size="lg">
      <form onSubmit={submit} noValidate data-testid="field-editor">
        <Stack gap="sm">
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <Select
                label={t('fieldType')}
                data={CUSTOM_TYPES.map((v) => ({ value: v, label: t(`type_${v}`) }))}
                value={field.value}
                onChange={(v) => field.onChange(v ?? 'input')}
                allowDeselect={false}
                data-testid="field-type"
              />
            )}
          />
          <BilingualInput control={form.control} name="label" label={{ zh: t('labelZh'), en: t('labelEn') }} required />
          {CHOICE_TYPES.includes(type) && (
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {t('options')}
              </Text>
              {options.fields.map((option, index) => (
                // Wraps on a phone: the two names first, then the optional code, then remove.
                <Group key={option.id} gap="xs" wrap="wrap" align="flex-start" data-testid="option-row">
                  <TextInput
                    placeholder={t('optionZh')}
                    aria-label={t('optionZh')}
                    style={{ flex: '1 1 9rem' }}
                    error={fieldError(`options.${index}.label.zh`)}
                    {...form.register(`options.${index}.label.zh`)}
                  />
                  <TextInput
                    placeholder={t('optionEn')}
                    aria-label={t('optionEn')}
                    style={{ flex: '1 1 9rem' }}
                    error={fieldError(`options.${index}.label.en`)}
                    {...form.register(`options.${index}.label.en`)}
                  />
                  <TextInput
                    placeholder={t('optionValueHint')}
                    aria-label={t('optionValue')}
                    title={t('optionValueHint')}
                    style={{ flex: '1 1 9rem' }}
                    error={fieldError(`options.${index}.value`)}
                    {...form.register(`options.${index}.value`)}
                  />
                  <ActionIcon variant="subtle" color="red" mt={6} onClick={() => options.remove(index)} aria-label={t('removeOption')}>
                    ×
                  </ActionIcon>
                </Group>
              ))}
              {errors.options?.message && (
                <Text c="red" size="xs">
                  {fieldError(errors.options)}
                </Text>
              )}
              <Button
                variant="light"
                size="xs"
                onClick={() => options.append({ value: '', label: { zh: '', en: '' } })}
                data-testid="add-option"
                w="fit-content"
              >
                {t('addOption')}
              </Button>
            </Stack>
          )}
          <Controller
            control={form.control}
            name="required"
            render={({ field }) => (
              <Switch
                label={t('required')}
                checked={Boolean(field.value)}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                data-testid="field-required"
              />
            )}
          />
          <Group justify="flex-end">
            <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="save-field">
              {t('saveField')}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
