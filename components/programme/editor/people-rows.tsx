'use client';

import { Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import {
  get,
  Controller,
  useFieldArray,
  useFormState,
  type Control,
  type FieldArray,
  type FieldArrayPath,
  type FieldPathByValue,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { useFieldError } from '@/components/ui/use-api';
import type { LocalizedText } from '@/lib/i18n/localized';
import { PROGRAMME_PEOPLE_MAX, type ProgrammePersonInput } from '@/lib/programme/schemas';

/** A person row as the forms start it. */
export const emptyPerson = (): ProgrammePersonInput => ({ name: { zh: '', en: '' }, affiliation: { zh: '', en: '' }, email: '' });

type Role = 'chair' | 'speaker';

/** The email box of one person, with its own error (client check or the server's). */
function EmailBox<T extends FieldValues, O extends FieldValues>({
  control,
  name,
  label,
  testId,
}: {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  testId: string;
}) {
  const fieldError = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          type="email"
          label={label}
          name={field.name}
          ref={field.ref}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldError(fieldState.error)}
          data-testid={testId}
        />
      )}
    />
  );
}

/**
 * A list of people typed by the organiser (a session's chairs, a contribution's speakers; ZProgrammePerson): each a
 * name and affiliation in zh and en and an optional email, added and removed; at least `min` rows stay. Test ids:
 * `${testId}-${i}-name-zh`, `-name-en`, `-affiliation-zh`, `-affiliation-en`, `-email`, `-remove`; `${testId}-add`.
 */
export function PeopleRows<T extends FieldValues, O extends FieldValues>({
  control,
  name,
  role,
  min,
  testId,
}: {
  control: Control<T, unknown, O>;
  name: FieldArrayPath<T>;
  role: Role;
  min: number;
  testId: string;
}) {
  const t = useTranslations('programmeEditor');
  const fieldError = useFieldError();
  const rows = useFieldArray<T, FieldArrayPath<T>, 'key', O>({ control, name, keyName: 'key' });
  const { errors } = useFormState({ control, name: name as Path<T> });
  const listError = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  const listMessage = fieldError(listError?.root ?? (typeof listError?.message === 'string' ? listError : undefined));
  const localized = (path: string) => path as FieldPathByValue<T, LocalizedText | undefined>;
  const headingId = `${testId}-heading`;
  return (
    <Stack gap="xs" role="group" aria-labelledby={headingId} data-testid={`${testId}s`}>
      <Text fw={600} size="sm" id={headingId}>
        {t(role === 'chair' ? 'chairs' : 'speakers')}
      </Text>
      {rows.fields.length === 0 && role === 'chair' ? (
        <Text size="xs" c="dimmed">
          {t('chairsNone')}
        </Text>
      ) : null}
      {rows.fields.map((row, i) => {
        const n = i + 1;
        return (
          <Fieldset key={row.key} legend={t(role === 'chair' ? 'chairN' : 'speakerN', { n })} data-testid={`${testId}-${i}`}>
            <Stack gap="xs">
              <BilingualInput
                control={control}
                name={localized(`${name}.${i}.name`)}
                label={{ zh: t('personNameZh'), en: t('personNameEn') }}
                required
                testId={`${testId}-${i}-name`}
              />
              <BilingualInput
                control={control}
                name={localized(`${name}.${i}.affiliation`)}
                label={{ zh: t('affiliationZh'), en: t('affiliationEn') }}
                testId={`${testId}-${i}-affiliation`}
              />
              <EmailBox control={control} name={`${name}.${i}.email` as Path<T>} label={t('personEmail')} testId={`${testId}-${i}-email`} />
              <Group justify="flex-end">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  disabled={rows.fields.length <= min}
                  onClick={() => rows.remove(i)}
                  aria-label={t(role === 'chair' ? 'chairRemove' : 'speakerRemove', { n })}
                  data-testid={`${testId}-${i}-remove`}
                >
                  {t('remove')}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        );
      })}
      {listMessage ? (
        <Text c="red" size="sm" role="alert">
          {listMessage}
        </Text>
      ) : null}
      {rows.fields.length < PROGRAMME_PEOPLE_MAX ? (
        <Button
          variant="light"
          size="compact-sm"
          w="fit-content"
          onClick={() => rows.append(emptyPerson() as FieldArray<T, FieldArrayPath<T>>)}
          data-testid={`${testId}-add`}
        >
          {t(role === 'chair' ? 'chairAdd' : 'speakerAdd')}
        </Button>
      ) : null}
    </Stack>
  );
}
