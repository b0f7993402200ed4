'use client';

import { Anchor, Button, List, ListItem, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { errorMessage } from '@/components/ui/form-errors';
import { UploadField, useFormUpload } from '@/components/ui/upload-field';
import { SHEET_MAX_BYTES, SHEET_TYPES } from '@/lib/imports/sheet-types';
import { useRouter } from '@/lib/i18n/navigation';
import type { ImportResult } from '@/lib/reviewers/import-reviewers';

const PATH = '/conference/platform/manage/review/import';

/** Imports reviewers from an xlsx or CSV file and shows what was added, skipped and refused (by row). */
export function ReviewerImport() {
  const t = useTranslations('reviewers');
  const router = useRouter();
  const { progress, send: upload } = useFormUpload();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const send = async () => {
    if (!file) {
      setFileError(t('noFile'));
      return;
    }
    setBusy(true);
    try {
      const body = new FormData();
      body.set('file', file);
      const answer = await upload<ImportResult>(PATH, body);
      setResult(answer);
      notifications.show({
        color: 'green',
        message: t('importDone', { added: answer.added, skipped: answer.skipped.length, invalid: answer.invalid.length }),
      });
      router.refresh();
    } catch (error) {
      // A refused sheet: said under the file field, where it stays until another file is picked.
      setFileError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" data-testid="reviewer-import">
      <Stack gap="sm">
        <Title order={4}>{t('importTitle')}</Title>
        <Text size="sm" c="dimmed">
          {t('importHint')}
        </Text>
        <Anchor href={`/api${PATH}`} download data-testid="reviewer-import-template">
          {t('downloadTemplate')}
        </Anchor>
        <UploadField
          label={t('chooseFile')}
          types={SHEET_TYPES}
          maxBytes={SHEET_MAX_BYTES}
          value={file}
          onPicked={(chosen) => {
            setFile(chosen);
            setFileError(undefined);
          }}
          progress={progress}
          error={fileError}
          testId="reviewer-import-file"
        />
        <div>
          <Button onClick={send} loading={busy} data-testid="reviewer-import-submit">
            {t('importButton')}
          </Button>
        </div>
        {result && (
          <Stack gap="xs" data-testid="reviewer-import-result" aria-live="polite">
            <Text fw={600}>{t('importDone', { added: result.added, skipped: result.skipped.length, invalid: result.invalid.length })}</Text>
            {result.skipped.length > 0 && (
              <div>
                <Text size="sm">{t('skippedTitle')}</Text>
                <List size="sm">
                  {result.skipped.map((s) => (
                    <ListItem key={s.row}>{t('rowLine', { row: s.row, email: s.email })}</ListItem>
                  ))}
                </List>
              </div>
            )}
            {result.invalid.length > 0 && (
              <div data-testid="reviewer-import-invalid">
                <Text size="sm" c="red.8">
                  {t('invalidTitle')}
                </Text>
                <List size="sm">
                  {result.invalid.map((s) => (
                    <ListItem key={s.row}>{t('invalidLine', { row: s.row, email: s.email || t('none'), reason: s.reason })}</ListItem>
                  ))}
                </List>
              </div>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
