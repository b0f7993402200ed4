'use client';

import { Button, Checkbox, ColorInput, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { Controller } from 'react-hook-form';
import { useApiForm } from '@/components/ui/use-api-form';
import { BADGE_FIELDS, ZBadgeSettings, type BadgeSettings } from '@/lib/badges/settings-schema';

/** A registration fee as the colour list names it. */
export type BadgeFee = { id: number; title: string };

/**
 * The badge settings (issue 24 point 2): size, badges per sheet, cutting marks, the labels' language, what a badge
 * shows, and a colour per registration fee. Saving refreshes the page, whose preview is drawn from the saved settings.
 */
export function BadgeSettingsForm({ settings, fees }: { settings: BadgeSettings; fees: BadgeFee[] }) {
  const t = useTranslations('onsiteDocs');
  const colours = fees.map((fee) => ({
    feeId: fee.id,
    colour: settings.colours.find((c) => c.feeId === fee.id)?.colour ?? settings.defaultColour,
  }));
  const { form, submit, fieldError } = useApiForm({
    schema: ZBadgeSettings,
    defaultValues: { ...settings, colours },
    call: { path: '/conference/platform/onsite/badges' },
    success: t('saved'),
    refresh: true,
  });
  return (
    <form onSubmit={submit} noValidate data-testid="badge-settings">
      <Stack gap="md">
        <Title order={4}>{t('layoutTitle')}</Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NativeSelect
            label={t('size')}
            data={[
              { value: 'A6', label: t('sizeA6') },
              { value: 'A7', label: t('sizeA7') },
            ]}
            {...form.register('size')}
            data-testid="badge-size"
          />
          <NativeSelect
            label={t('perSheet')}
            data={[
              { value: '1', label: t('perSheet1') },
              { value: '2', label: t('perSheet2') },
            ]}
            {...form.register('perSheet')}
            data-testid="badge-per-sheet"
          />
          <NativeSelect
            label={t('labels')}
            data={(['both', 'zh', 'en'] as const).map((value) => ({ value, label: t(`labels_${value}`) }))}
            {...form.register('labels')}
            data-testid="badge-labels"
          />
        </SimpleGrid>
        <Checkbox label={t('cutMarks')} {...form.register('cutMarks')} data-testid="badge-cut-marks" />
        <Title order={4}>{t('showTitle')}</Title>
        <Text size="sm" c="dimmed">
          {t('showHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {BADGE_FIELDS.map((field) => (
            <Checkbox key={field} label={t(`show_${field}`)} {...form.register(`show.${field}`)} data-testid={`badge-show-${field}`} />
          ))}
        </SimpleGrid>
        <Title order={4}>{t('coloursTitle')}</Title>
        <Text size="sm" c="dimmed">
          {t('coloursHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name="defaultColour"
            render={({ field }) => (
              <ColorInput
                label={t('defaultColour')}
                format="hex"
                withEyeDropper={false}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldError('defaultColour')}
                data-testid="badge-default-colour"
              />
            )}
          />
          {fees.map((fee, i) => (
            <Controller
              key={fee.id}
              control={form.control}
              name={`colours.${i}.colour`}
              render={({ field }) => (
                <ColorInput
                  label={t('colourFor', { fee: fee.title })}
                  format="hex"
                  withEyeDropper={false}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldError(`colours.${i}.colour`)}
                  data-testid="badge-fee-colour"
                />
              )}
            />
          ))}
        </SimpleGrid>
        {fees.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('noFees')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting} data-testid="badge-settings-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
