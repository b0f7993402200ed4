'use client';

import {
  Alert,
  Button,
  Fieldset,
  Group,
  List,
  ListItem,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { CURRENCIES } from '@/lib/fees/money';
import type { SavedHotelConfig } from '@/lib/hotel/config';
import { HOTEL_BOOKINGS_PER_USER_MAX, ZHotelConfig, type HotelConfigValues } from '@/lib/hotel/schemas';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/components/ui/use-api-form';

const PATH = '/conference/platform/config/hotel';

/**
 * The hotel settings: booking window and switch, bookings per participant, the accepted-abstract
 * rule, the settlement and display currencies, description and conditions in zh and en. Saving a
 * different settlement currency first asks, saying what it does to prices, orders and participants.
 */
export function HotelConfigForm({ initial }: { initial: HotelConfigValues }) {
  const t = useTranslations('hotelConfig');
  const tc = useTranslations('common');
  const [pending, setPending] = useState<HotelConfigValues | null>(null);
  const currencies = CURRENCIES.map((c) => ({ value: c, label: c }));

  const {
    form,
    submit: save,
    fieldError,
    formError,
  } = useApiForm({
    schema: ZHotelConfig,
    defaultValues: initial,
    call: { method: 'PUT', path: PATH },
    onSuccess: (result: SavedHotelConfig) => {
      notifications.show({
        color: result.currencyChanged ? 'orange' : 'green',
        message: result.currencyChanged
          ? t('savedCurrency', { currency: result.config.currency, stale: result.staleRoomTypes, orders: result.invalidatedOrders })
          : t('saved'),
      });
      setPending(null);
    },
    refresh: true,
  });
  const saving = form.formState.isSubmitting;
  // A different settlement currency is saved only once the organiser confirms what it does.
  const submit = form.handleSubmit((values) => (values.currency !== initial.currency ? setPending(values) : save()));

  const toggle = (name: 'enabled' | 'requireAcceptedAbstract', label: string, description: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Switch
          label={label}
          description={description}
          checked={Boolean(field.value)}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
          data-testid={`hotel-cfg-${name}`}
        />
      )}
    />
  );
  const currency = (name: 'currency' | 'displayCurrency', label: string, description: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          description={description}
          data={currencies}
          value={field.value ?? 'CNY'}
          onChange={(v) => v && field.onChange(v)}
          allowDeselect={false}
          error={fieldError(name)}
          data-testid={`hotel-cfg-${name}`}
        />
      )}
    />
  );
  const rich = (name: 'description' | 'conditions') => (
    <BilingualInput
      control={form.control}
      name={name}
      label={{ zh: t(`${name}Zh`), en: t(`${name}En`) }}
      rich
      testId={`hotel-cfg-${name}`}
    />
  );

  return (
    <>
      <form onSubmit={submit} noValidate data-testid="hotel-config-form">
        <Stack gap="lg">
          <Fieldset legend={t('sectionBooking')}>
            <Stack gap="sm">
              {toggle('enabled', t('enabled'), t('enabledHint'))}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  type="date"
                  label={t('bookingStart')}
                  error={fieldError('bookingStart')}
                  data-testid="hotel-cfg-bookingStart"
                  {...form.register('bookingStart')}
                />
                <TextInput
                  type="date"
                  label={t('bookingEnd')}
                  error={fieldError('bookingEnd')}
                  data-testid="hotel-cfg-bookingEnd"
                  {...form.register('bookingEnd')}
                />
              </SimpleGrid>
              <Controller
                control={form.control}
                name="maxBookingsPerUser"
                render={({ field }) => (
                  <NumberInput
                    label={t('maxBookingsPerUser')}
                    description={t('maxBookingsPerUserHint')}
                    min={1}
                    max={HOTEL_BOOKINGS_PER_USER_MAX}
                    allowDecimal={false}
                    allowNegative={false}
                    value={field.value as number | ''}
                    onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
                    onBlur={field.onBlur}
                    error={fieldError('maxBookingsPerUser')}
                    data-testid="hotel-cfg-maxBookingsPerUser"
                  />
                )}
              />
              {toggle('requireAcceptedAbstract', t('requireAcceptedAbstract'), t('requireAcceptedAbstractHint'))}
            </Stack>
          </Fieldset>

          <Fieldset legend={t('sectionCurrency')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {currency('currency', t('currency'), t('currencyHint'))}
              {currency('displayCurrency', t('displayCurrency'), t('displayCurrencyHint'))}
            </SimpleGrid>
          </Fieldset>

          {rich('description')}
          {rich('conditions')}

          <Group justify="flex-end">
            <SubmitButton error={formError} loading={saving} data-testid="save-hotel-config">
              {t('save')}
            </SubmitButton>
          </Group>
        </Stack>
      </form>

      <Modal
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={t('currencyConfirmTitle')}

        data-testid="currency-confirm"
      >
        <Stack gap="sm">
          <Alert color="red" variant="light">
            <Text size="sm" mb="xs">
              {t('currencyConfirmBody', { from: initial.currency, to: pending?.currency ?? '' })}
            </Text>
            <List size="sm" spacing={4}>
              <ListItem>{t('currencyConfirmStale', { to: pending?.currency ?? '' })}</ListItem>
              <ListItem>{t('currencyConfirmOrders')}</ListItem>
              <ListItem>{t('currencyConfirmMail')}</ListItem>
            </List>
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)}>
              {tc('cancel')}
            </Button>
            <Button color="red" loading={saving} onClick={() => pending && save()} data-testid="confirm-currency-change">
              {t('currencyConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
