'use client';

import { Button, Group, Modal, Radio, RadioGroup, Stack } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { DOWNLOAD_AUDIENCES, DOWNLOAD_MAX_BYTES, DOWNLOAD_TYPES, ZMaterialInput, type MaterialInput } from '@/lib/downloads/schemas';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { UploadField, useFormUpload } from '@/components/ui/upload-field';
import { NOT_SENT, useApiForm } from '@/components/ui/use-api-form';

export const NEW_MATERIAL: MaterialInput = { title: { zh: '', en: '' }, description: { zh: '', en: '' }, audience: 'registrants' };

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
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const { progress, send } = useFormUpload();

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setFileError(undefined);
  };
  const close = () => {
    choose(null);
    onClose();
  };
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZMaterialInput,
    values: initial,
    call: async (values, api) => {
      if (materialId) return api(`/conference/platform/manage/download/${materialId}`, { method: 'PUT', body: values });
      if (!file) {
        setFileError(t('fileRequired'));
        return NOT_SENT;
      }
      const body = new FormData();
      body.set('file', file);
      body.set('data', JSON.stringify(values));
      return send('/conference/platform/manage/download', body);
    },
    success: t('saved'),
    onSuccess: () => {
      choose(null);
      onSaved();
    },
  });

  return (
    <Modal opened={opened} onClose={close} title={materialId ? t('editTitle') : t('addTitle')} size="lg">
      <form onSubmit={submit} noValidate data-testid="material-form">
        <Stack gap="sm">
          {!materialId && (
            <UploadField
              label={t('file')}
              description={t('fileHint', { types: DOWNLOAD_TYPES.join(', ') })}
              buttonLabel={t('filePlaceholder')}
              required
              types={DOWNLOAD_TYPES}
              maxBytes={DOWNLOAD_MAX_BYTES}
              tooLargeMessage={te('uploadTooLarge')}
              value={file}
              onPicked={choose}
              progress={progress}
              error={fileError}
              testId="material-file"
            />
          )}
          <BilingualInput
            control={form.control}
            name="title"
            label={{ zh: t('titleZh'), en: t('titleEn') }}
            required
            testId="material-title"
          />
          <BilingualInput
            control={form.control}
            name="description"
            label={{ zh: t('descriptionZh'), en: t('descriptionEn') }}
            multiline
            testId="material-description"
          />
          <Controller
            control={form.control}
            name="audience"
            render={({ field }) => (
              <RadioGroup label={t('audience')} value={field.value} onChange={field.onChange} error={fieldError('audience')}>
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
            <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="save-material">
              {materialId ? t('save') : t('upload')}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
