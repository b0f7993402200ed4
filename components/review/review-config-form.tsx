'use client';

import { ActionIcon, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { Controller, useFieldArray } from 'react-hook-form';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/components/ui/use-api-form';
import { RULE_MAX, RULES_MAX, SCALE_LIMIT, SCORE_KEYS, ZReviewConfigInput, type ReviewConfigInput } from '@/lib/review/schemas';

/** The review rules editor (spec §2 /platform/config/review): rules ≤ 100 characters in zh and en, scales, blind review, reviewers per submission. */
export function ReviewConfigForm({ initial }: { initial: ReviewConfigInput }) {
  const t = useTranslations('review');
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZReviewConfigInput,
    defaultValues: initial,
    call: { path: '/conference/platform/config/review' },
    success: t('configSaved'),
    refresh: true,
  });
  const rules = useFieldArray({ control: form.control, name: 'rules' });
  const number = (
    name: `scales.${(typeof SCORE_KEYS)[number]}.${'min' | 'max'}` | 'reviewersPerSubmission',
    label: string,
    max: number,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          min={0}
          max={max}
          allowDecimal={false}
          value={field.value as number}
          onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
          error={fieldError(fieldState.error)}
          data-testid={`review-${name}`}
        />
      )}
    />
  );
  return (
    <form onSubmit={submit} noValidate data-testid="review-config-form">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={4}>{t('rulesTitle')}</Title>
          <Text size="sm" c="dimmed">
            {t('rulesHint', { max: RULE_MAX })}
          </Text>
          {rules.fields.map((item, index) => (
            <Paper key={item.id} withBorder p="sm" data-testid="review-rule">
              <Group align="flex-start" wrap="nowrap">
                <div style={{ flex: 1 }}>
                  <BilingualInput
                    control={form.control}
                    name={`rules.${index}`}
                    label={{ zh: t('ruleZh', { n: index + 1 }), en: t('ruleEn', { n: index + 1 }) }}
                    maxLength={RULE_MAX}
                    testId={`review-rule-${index}`}
                  />
                </div>
                <ActionIcon
                  mt={28}
                  variant="light"
                  color="red"
                  onClick={() => rules.remove(index)}
                  aria-label={t('removeRule', { n: index + 1 })}
                  data-testid={`review-rule-remove-${index}`}
                >
                  ×
                </ActionIcon>
              </Group>
            </Paper>
          ))}
          <Group>
            <Button
              variant="light"
              disabled={rules.fields.length >= RULES_MAX}
              onClick={() => rules.append({ zh: '', en: '' })}
              data-testid="review-rule-add"
            >
              {t('addRule')}
            </Button>
          </Group>
        </Stack>
        <Stack gap="xs">
          <Title order={4}>{t('scalesTitle')}</Title>
          {SCORE_KEYS.map((key) => (
            <SimpleGrid key={key} cols={{ base: 1, xs: 3 }} verticalSpacing="xs">
              <Text fw={500} mt={{ xs: 28 }}>
                {t(`score.${key}`)}
              </Text>
              {number(`scales.${key}.min`, t('scaleMin'), SCALE_LIMIT)}
              {number(`scales.${key}.max`, t('scaleMax'), SCALE_LIMIT)}
            </SimpleGrid>
          ))}
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name="blind"
            render={({ field }) => (
              <Switch
                mt="md"
                label={t('blind')}
                description={t('blindHint')}
                checked={Boolean(field.value)}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                data-testid="review-blind"
              />
            )}
          />
          {number('reviewersPerSubmission', t('reviewersPerSubmission'), 10)}
        </SimpleGrid>
        <Group justify="flex-end">
          <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="review-config-save">
            {t('save')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
