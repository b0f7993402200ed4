'use client';

import { Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { CallConfigInput } from '@/lib/submissions/config-schemas';
import { useFieldError } from '@/components/ui/use-api';

type ListName = 'reportTypes' | 'categories';

/**
 * One list of choices authors pick from (report types or categories): per row a stable value and
 * its names in Chinese and English; rows can be added and removed.
 */
export function ChoiceListEditor({
  name,
  legend,
  control,
  register,
  errors,
}: {
  name: ListName;
  legend: string;
  control: Control<CallConfigInput>;
  register: UseFormRegister<CallConfigInput>;
  errors: FieldErrors<CallConfigInput>;
}) {
  const t = useTranslations('contributeConfig');
  const fieldError = useFieldError();
  const list = useFieldArray({ control, name });
  const rowErrors = errors[name] as
    | (Array<{ value?: { message?: string }; label?: { zh?: { message?: string }; en?: { message?: string } } } | undefined> & {
        message?: string;
      })
    | undefined;
  return (
    <Fieldset legend={legend} data-testid={`choices-${name}`}>
      <Stack gap="xs">
        {list.fields.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('choicesEmpty')}
          </Text>
        )}
        {list.fields.map((field, index) => (
          <Group key={field.id} align="flex-end" gap="xs" wrap="nowrap" data-testid={`choice-${name}-${index}`}>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" style={{ flex: 1 }}>
              <TextInput
                label={t('choiceValue')}
                description={index === 0 ? t('choiceValueHint') : undefined}
                required
                error={fieldError(rowErrors?.[index]?.value)}
                {...register(`${name}.${index}.value`)}
              />
              <TextInput
                label={t('choiceZh')}
                required
                error={fieldError(rowErrors?.[index]?.label?.zh)}
                {...register(`${name}.${index}.label.zh`)}
              />
              <TextInput
                label={t('choiceEn')}
                required
                error={fieldError(rowErrors?.[index]?.label?.en)}
                {...register(`${name}.${index}.label.en`)}
              />
            </SimpleGrid>
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              mb={4}
              onClick={() => list.remove(index)}
              aria-label={t('removeChoiceOf', { index: index + 1 })}
            >
              {t('removeChoice')}
            </Button>
          </Group>
        ))}
        {rowErrors?.message && (
          <Text size="sm" c="red" role="alert">
            {fieldError(rowErrors)}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() => list.append({ value: '', label: { zh: '', en: '' } })}
            disabled={list.fields.length >= 30}
            data-testid={`add-${name}`}
          >
            {t('addChoice')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
