'use client';

import { ActionIcon, Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useFieldError } from '@/components/ui/use-api';
import { MAX_AUTHORS } from '@/lib/submissions/limits';
import type { SubmissionInput } from '@/lib/submissions/schemas';
import { EMPTY_AUTHOR } from './author-constants';

/** The authors, in order: add, remove, move up and down, and the corresponding flag. */
export function AuthorRows({
  control,
  register,
  errors,
}: {
  control: Control<SubmissionInput>;
  register: UseFormRegister<SubmissionInput>;
  errors: FieldErrors<SubmissionInput>;
}) {
  const t = useTranslations('submission.form');
  const fieldError = useFieldError();
  const rows = useFieldArray({ control, name: 'authors' });
  const listError = fieldError(errors.authors?.root ?? (errors.authors as { message?: string } | undefined));
  return (
    <Stack gap="sm" data-testid="submission-authors">
      <Text fw={600} component="h3" size="md">
        {t('authors')}
      </Text>
      {rows.fields.map((row, i) => {
        const e = errors.authors?.[i];
        const n = i + 1;
        return (
          <Fieldset key={row.id} legend={t('authorN', { n })} data-testid={`submission-author-${i}`}>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              <TextInput
                label={t('surname')}
                required
                maxLength={100}
                {...register(`authors.${i}.surname`)}
                error={fieldError(e?.surname)}
              />
              <TextInput label={t('name')} required maxLength={100} {...register(`authors.${i}.name`)} error={fieldError(e?.name)} />
              <TextInput
                label={t('email')}
                required
                type="email"
                maxLength={254}
                {...register(`authors.${i}.email`)}
                error={fieldError(e?.email)}
              />
              <TextInput label={t('phone')} type="tel" maxLength={30} {...register(`authors.${i}.phone`)} error={fieldError(e?.phone)} />
              <TextInput label={t('country')} maxLength={100} {...register(`authors.${i}.country`)} error={fieldError(e?.country)} />
              <TextInput label={t('company')} maxLength={200} {...register(`authors.${i}.company`)} error={fieldError(e?.company)} />
            </SimpleGrid>
            <Group justify="space-between" mt="sm" wrap="wrap">
              <Checkbox
                label={t('corresponding')}
                {...register(`authors.${i}.corresponding`)}
                data-testid={`submission-author-corresponding-${i}`}
              />
              <Group gap="xs">
                <ActionIcon variant="default" aria-label={t('moveUp', { n })} disabled={i === 0} onClick={() => rows.move(i, i - 1)}>
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  aria-label={t('moveDown', { n })}
                  disabled={i === rows.fields.length - 1}
                  onClick={() => rows.move(i, i + 1)}
                >
                  ↓
                </ActionIcon>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  disabled={rows.fields.length === 1}
                  onClick={() => rows.remove(i)}
                  aria-label={t('removeAuthor', { n })}
                >
                  ✕
                </Button>
              </Group>
            </Group>
          </Fieldset>
        );
      })}
      {listError && (
        <Text c="red" size="sm" role="alert">
          {listError}
        </Text>
      )}
      {rows.fields.length < MAX_AUTHORS && (
        <Button variant="light" w="fit-content" onClick={() => rows.append({ ...EMPTY_AUTHOR })} data-testid="submission-add-author">
          {t('addAuthor')}
        </Button>
      )}
    </Stack>
  );
}
