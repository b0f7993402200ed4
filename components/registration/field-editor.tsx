'use client';

import { ActionIcon, Button, Group, Modal, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { CHOICE_TYPES, CUSTOM_TYPES, ZFieldInput, type FieldInput } from '@/lib/registration/fields';
import { showApiError } from '@/components/ui/form-errors';
import { useFieldError } from '@/components/ui/use-api';
import { SubmitButton } from '@/components/ui/submit-button';

/** The modal that adds or edits one custom item: type, names in both languages, options, required. */
export function FieldEditor({
  opened,
  initial,
  onClose,
  onSave,
}: {
  opened: boolean;
  initial: FieldInput;
  onClose: () => void;
  onSave: (value: FieldInput) => Promise<void>;
}) {
  const t = useTranslations('registerConfig');
  const fieldError = useFieldError();
  const form = useForm<FieldInput>({ resolver: zodResolver(ZFieldInput) as never, values: initial });
  const options = useFieldArray({ control: form.control, name: 'options' as never });
  const type = useWatch({ control: form.control, name: 'type' });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (value) => {
    try {
      await onSave(value);
    } catch (error) {
      showApiError(error, form.setError);
    }
  });
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
          <SimpleGrid cols={2}>
            <TextInput label={t('labelZh')} required error={fieldError(errors.label?.zh)} {...form.register('label.zh')} />
            <TextInput label={t('labelEn')} required error={fieldError(errors.label?.en)} {...form.register('label.en')} />
          </SimpleGrid>
          {CHOICE_TYPES.includes(type) && (
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {t('options')}
              </Text>
              {options.fields.map((option, index) => (
                <Group key={option.id} gap="xs" wrap="nowrap" align="flex-start">
                  <TextInput
                    placeholder={t('optionValue')}
                    aria-label={t('optionValue')}
                    style={{ flex: 1 }}
                    error={fieldError(errors.options?.[index]?.value)}
                    {...form.register(`options.${index}.value` as const)}
                  />
                  <TextInput
                    placeholder={t('optionZh')}
                    aria-label={t('optionZh')}
                    style={{ flex: 1 }}
                    error={fieldError(errors.options?.[index]?.label?.zh)}
                    {...form.register(`options.${index}.label.zh` as const)}
                  />
                  <TextInput
                    placeholder={t('optionEn')}
                    aria-label={t('optionEn')}
                    style={{ flex: 1 }}
                    error={fieldError(errors.options?.[index]?.label?.en)}
                    {...form.register(`options.${index}.label.en` as const)}
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
                onClick={() => options.append({ value: '', label: { zh: '', en: '' } } as never)}
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
            <SubmitButton loading={form.formState.isSubmitting} data-testid="save-field">
              {t('saveField')}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
