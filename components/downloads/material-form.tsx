'use client';

import { Button, FileInput, Group, Modal, Radio, RadioGroup, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { DOWNLOAD_AUDIENCES, DOWNLOAD_MAX_BYTES, DOWNLOAD_TYPES, ZMaterialInput, type MaterialInput } from '@/lib/downloads/schemas';
import { showApiError } from '@/components/ui/form-errors';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApi, useFieldError } from '@/components/ui/use-api';

export const NEW_MATERIAL: MaterialInput = { title: { zh: '', en: '' }, description: { zh: '', en: '' }, audience: 'registrants' };
const ACCEPT = DOWNLOAD_TYPES.map((ext) => `.${ext}`).join(',');

/**
 * The modal that uploads a material (the file, ≤ 20 MB, of an accepted type) with its title and
 * description in zh and en and its audience, or changes those of one already uploaded.
 */
export function MaterialForm({
  opened,
  materialId,
  initial,
  onClose,
  onSaved,
}: {
  opened: boolean;
  /** The material being changed; none when uploading a new one. */
  materialId: number | null;
  initial: MaterialInput;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useTranslations('downloads');
  const tc = useTranslations('common');
  const te = useTranslations('errors');
  const api = useApi();
  const fieldError = useFieldError();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const form = useForm<MaterialInput>({ resolver: zodResolver(ZMaterialInput) as never, values: initial });
  const errors = form.formState.errors;

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setFileError(chosen && chosen.size > DOWNLOAD_MAX_BYTES ? te('uploadTooLarge') : undefined);
  };
  const close = () => {
    choose(null);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      if (materialId) {
        await api(`/conference/platform/manage/download/${materialId}`, { method: 'PUT', body: values });
      } else {
        if (!file) return setFileError(t('fileRequired'));
        if (file.size > DOWNLOAD_MAX_BYTES) return setFileError(te('uploadTooLarge'));
        const body = new FormData();
        body.set('file', file);
        body.set('data', JSON.stringify(values));
        await api('/conference/platform/manage/download', { body });
      }
      notifications.show({ color: 'green', message: t('saved') });
      choose(null);
      onSaved();
    } catch (error) {
      showApiError(error, form.setError);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={materialId ? t('editTitle') : t('addTitle')} size="lg">
      <form onSubmit={submit} noValidate data-testid="material-form">
        <Stack gap="sm">
          {!materialId && (
            <FileInput
              label={t('file')}
              description={t('fileHint', { types: DOWNLOAD_TYPES.join(', ') })}
              placeholder={t('filePlaceholder')}
              required
              clearable
              accept={ACCEPT}
              value={file}
              onChange={choose}
              error={fileError}
              data-testid="material-file"
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('titleZh')}
              required
              error={fieldError(errors.title?.zh)}
              data-testid="material-title-zh"
              {...form.register('title.zh')}
            />
            <TextInput
              label={t('titleEn')}
              required
              error={fieldError(errors.title?.en)}
              data-testid="material-title-en"
              {...form.register('title.en')}
            />
            <Textarea
              label={t('descriptionZh')}
              autosize
              minRows={2}
              error={fieldError(errors.description?.zh)}
              data-testid="material-description-zh"
              {...form.register('description.zh')}
            />
            <Textarea
              label={t('descriptionEn')}
              autosize
              minRows={2}
              error={fieldError(errors.description?.en)}
              data-testid="material-description-en"
              {...form.register('description.en')}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="audience"
            render={({ field }) => (
              <RadioGroup label={t('audience')} value={field.value} onChange={field.onChange} error={fieldError(errors.audience)}>
                <Stack gap={6} mt={6}>
                  {DOWNLOAD_AUDIENCES.map((a) => (
                    <Radio key={a} value={a} label={t(`audience_${a}`)} data-testid={`material-audience-${a}`} />
                  ))}
                </Stack>
              </RadioGroup>
            )}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {tc('cancel')}
            </Button>
            <SubmitButton loading={form.formState.isSubmitting} data-testid="save-material">
              {materialId ? t('save') : t('upload')}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
