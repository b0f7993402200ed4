'use client';

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { DynamicFields, emptyAnswers } from '@/components/registration/dynamic-fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAppLocale } from '@/components/ui/use-api';
import { useApiForm, type Api } from '@/components/ui/use-api-form';
import { useRouter } from '@/lib/i18n/navigation';
import { buildAnswerSchema, type Answers, type FormField } from '@/lib/registration/fields';

type Props = { fields: FormField[]; countryOptions: string[]; fileNames?: Record<string, string> };

/** The registration form as an organiser fills it: to correct a registration, or to add one. */
function RegistrantForm<TResult>(
  props: Props & {
    initial: Answers;
    readOnly: string[];
    submitLabel: string;
    call: (answers: Answers, api: Api) => Promise<TResult>;
    success?: string | ((result: TResult) => string);
    onSuccess?: (result: TResult) => void;
    refresh?: boolean;
    testId: string;
  },
) {
  const locale = useAppLocale();
  // Files are the participant's to upload: for an organiser they are optional and shown as they are.
  const fields = useMemo(() => props.fields.map((f) => (f.type === 'file' ? { ...f, required: false } : f)), [props.fields]);
  const readOnly = [...props.readOnly, ...fields.filter((f) => f.type === 'file').map((f) => f.key)];
  const schema = useMemo(() => buildAnswerSchema(fields, props.countryOptions), [fields, props.countryOptions]);
  const { form, submit, formError } = useApiForm({
    schema,
    defaultValues: emptyAnswers(fields, props.initial),
    call: props.call,
    success: props.success,
    onSuccess: props.onSuccess,
    refresh: props.refresh,
  });
  return (
    <form onSubmit={submit} noValidate data-testid={props.testId}>
      <Stack gap="md">
        <DynamicFields
          fields={fields}
          countryOptions={props.countryOptions}
          formLocale={locale}
          control={form.control}
          register={form.register}
          errors={form.formState.errors}
          readOnly={readOnly}
          fileNames={props.fileNames}
        />
        <Group>
          <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid={`${props.testId}-submit`}>
            {props.submitLabel}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/** Corrects one registration (the email stays the account's). */
export function EditRegistrant(props: Props & { id: number; answers: Answers }) {
  const t = useTranslations('manageUser');
  const tc = useTranslations('common');
  return (
    <RegistrantForm
      {...props}
      initial={props.answers}
      readOnly={['email']}
      submitLabel={tc('save')}
      testId="edit-registrant"
      call={(answers, api) => api('/conference/conferenceUser', { method: 'PUT', body: { id: props.id, answers } })}
      success={t('saved')}
      refresh
    />
  );
}

/** Adds a registrant by email, in a dialog on the list. */
export function AddRegistrant(props: Props) {
  const t = useTranslations('manageUser');
  const router = useRouter();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)} data-testid="add-registrant">
        {t('addUser')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('addTitle')} size="lg">
        <Text size="sm" c="dimmed" mb="md">
          {t('addHint')}
        </Text>
        <RegistrantForm
          {...props}
          initial={{}}
          readOnly={[]}
          submitLabel={t('addUser')}
          testId="add-registrant-form"
          call={(answers, api) => api<{ id: number; code: string }>('/conference/conferenceUser/addUser', { body: { answers } })}
          success={(added) => t('added', { code: added.code })}
          onSuccess={(added) => {
            setOpened(false);
            router.push(`/platform/manage/userDetails?id=${added.id}`);
          }}
        />
      </Modal>
    </>
  );
}
