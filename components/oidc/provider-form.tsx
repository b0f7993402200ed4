'use client';

import { Checkbox, Modal, PasswordInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { Controller, useWatch } from 'react-hook-form';
import { ZIdentityProviderInput, type IdentityProviderInput } from '@/lib/oidc/schemas';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/components/ui/use-api-form';

export const NEW_PROVIDER: IdentityProviderInput = {
  kind: 'organisation',
  slug: '',
  nameZh: '',
  nameEn: '',
  entityId: '',
  federation: 'local',
  issuer: '',
  clientId: '',
  clientSecret: '',
  clearSecret: false,
  scopes: 'openid email profile',
  logoUrl: '',
  homeUrl: '',
  shortcutOrder: null,
  enabled: true,
};

/** The modal that adds or edits an identity provider; the client secret is write-only. */
export function ProviderForm({
  opened,
  providerId,
  secretSet,
  initial,
  onClose,
  onSaved,
}: {
  opened: boolean;
  providerId: number | null;
  secretSet: boolean;
  initial: IdentityProviderInput;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useTranslations('identityAdmin');
  const tc = useTranslations('common');
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZIdentityProviderInput,
    values: initial,
    call: providerId ? { method: 'PUT', path: `/console/identity/${providerId}` } : { path: '/console/identity' },
    success: t('saved'),
    onSuccess: onSaved,
  });
  const kind = useWatch({ control: form.control, name: 'kind' });

  const select = (name: 'kind' | 'federation', label: string, data: { value: string; label: string }[]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          data={data}
          value={field.value ?? null}
          onChange={(v) => field.onChange(v)}
          allowDeselect={false}
          error={fieldError(name)}
          data-testid={`provider-${name}`}
        />
      )}
    />
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={providerId ? t('edit') : t('add')}
      size="lg"
      closeButtonProps={{ 'aria-label': tc('close') }}
    >
      <form onSubmit={submit} noValidate data-testid="provider-form">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {select('kind', t('kind'), [
              { value: 'organisation', label: t('kindOrganisation') },
              { value: 'central', label: t('kindCentral') },
            ])}
            <TextInput label={t('slug')} required error={fieldError('slug')} data-testid="provider-slug" {...form.register('slug')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('nameZh')}
              required
              error={fieldError('nameZh')}
              data-testid="provider-name-zh"
              {...form.register('nameZh')}
            />
            <TextInput
              label={t('nameEn')}
              required
              error={fieldError('nameEn')}
              data-testid="provider-name-en"
              {...form.register('nameEn')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('entityId')}
              error={fieldError('entityId')}
              data-testid="provider-entity-id"
              {...form.register('entityId')}
            />
            {select('federation', t('federation'), [
              { value: 'edugain', label: t('federationEdugain') },
              { value: 'local', label: t('federationLocal') },
            ])}
          </SimpleGrid>
          <TextInput
            type="url"
            label={t('issuer')}
            required
            error={fieldError('issuer')}
            data-testid="provider-issuer"
            {...form.register('issuer')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('clientId')}
              required
              error={fieldError('clientId')}
              data-testid="provider-client-id"
              {...form.register('clientId')}
            />
            <PasswordInput
              label={t('clientSecret')}
              description={secretSet ? t('secretSet') : t('secretUnset')}
              autoComplete="new-password"
              error={fieldError('clientSecret')}
              data-testid="provider-client-secret"
              {...form.register('clientSecret')}
            />
          </SimpleGrid>
          {secretSet && <Checkbox label={t('clearSecret')} {...form.register('clearSecret')} />}
          <TextInput label={t('scopes')} error={fieldError('scopes')} {...form.register('scopes')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput type="url" label={t('logoUrl')} error={fieldError('logoUrl')} {...form.register('logoUrl')} />
            <TextInput type="url" label={t('homeUrl')} error={fieldError('homeUrl')} {...form.register('homeUrl')} />
          </SimpleGrid>
          {kind === 'organisation' && (
            <Controller
              control={form.control}
              name="shortcutOrder"
              render={({ field }) => (
                <Select
                  label={t('shortcutOrder')}
                  data={[
                    { value: '', label: t('shortcutNone') },
                    { value: '1', label: '1' },
                    { value: '2', label: '2' },
                    { value: '3', label: '3' },
                  ]}
                  value={field.value ? String(field.value) : ''}
                  onChange={(v) => field.onChange(v ? Number(v) : null)}
                  allowDeselect={false}
                  error={fieldError('shortcutOrder')}
                  data-testid="provider-shortcut"
                />
              )}
            />
          )}
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <Switch label={t('enabled')} checked={field.value ?? true} onChange={(e) => field.onChange(e.currentTarget.checked)} />
            )}
          />
          <SubmitButton error={formError} loading={form.formState.isSubmitting}>
            {t('save')}
          </SubmitButton>
        </Stack>
      </form>
    </Modal>
  );
}
