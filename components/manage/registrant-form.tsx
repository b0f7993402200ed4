'use client';

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { DynamicFields, emptyAnswers } from '@/components/registration/dynamic-fields';
import { showApiError } from '@/components/ui/form-errors';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApi, useAppLocale } from '@/components/ui/use-api';
import { useRouter } from '@/lib/i18n/navigation';
import { buildAnswerSchema, type FormField } from '@/lib/registration/fields';

type Answers = Record<string, string | string[]>;
type Props = { fields: FormField[]; countryOptions: string[]; fileNames?: Record<string, string> };

/** The registration form as an organiser fills it: to correct a registration, or to add one. */
function RegistrantForm(
  props: Props & {
    initial: Answers;
    readOnly: string[];
    submitLabel: string;
    onSubmit: (answers: Answers) => Promise<void>;
    testId: string;
  },
) {
  const locale = useAppLocale();
  // Files are the participant's to upload: for an organiser they are optional and shown as they are.
  const fields = useMemo(() => props.fields.map((f) => (f.type === 'file' ? { ...f, required: false } : f)), [props.fields]);
  const readOnly = [...props.readOnly, ...fields.filter((f) => f.type === 'file').map((f) => f.key)];
  const schema = useMemo(() => buildAnswerSchema(fields, props.countryOptions), [fields, props.countryOptions]);
  const form = useForm<Answers>({ resolver: zodResolver(schema) as never, defaultValues: emptyAnswers(fields, props.initial) });
  const submit = form.handleSubmit(async (answers) => {
    try {
      await props.onSubmit(answers);
    } catch (error) {
      showApiError(error, form.setError);
    }
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
          <SubmitButton loading={form.formState.isSubmitting} data-testid={`${props.testId}-submit`}>
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
  const api = useApi();
  const router = useRouter();
  return (
    <RegistrantForm
      {...props}
      initial={props.answers}
      readOnly={['email']}
      submitLabel={tc('save')}
      testId="edit-registrant"
      onSubmit={async (answers) => {
        await api('/conference/conferenceUser', { method: 'PUT', body: { id: props.id, answers } });
        notifications.show({ color: 'green', message: t('saved') });
        router.refresh();
      }}
    />
  );
}

/** Adds a registrant by email, in a dialog on the list. */
export function AddRegistrant(props: Props) {
  const t = useTranslations('manageUser');
  const api = useApi();
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
          onSubmit={async (answers) => {
            const added = await api<{ id: number; code: string }>('/conference/conferenceUser/addUser', { body: { answers } });
            notifications.show({ color: 'green', message: t('added', { code: added.code }) });
            setOpened(false);
            router.push(`/platform/manage/userDetails?id=${added.id}`);
          }}
        />
      </Modal>
    </>
  );
}
