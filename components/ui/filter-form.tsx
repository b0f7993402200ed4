import { Button, Group, NativeSelect, Paper, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button-link';

export type FilterChoice = { value: string; label: string };

/**
 * The filter bar of an admin list: a plain GET form, so the filters live in the address and work
 * before (or without) JavaScript. `testId` prefixes the test ids: `<testId>-filters`, `-apply`, `-reset`.
 */
export function FilterForm({
  testId,
  label,
  applyLabel,
  reset,
  children,
}: {
  testId: string;
  /** The form's accessible name. */
  label: string;
  applyLabel: string;
  /** The list's own address with no filters, and the link's text; no link when absent. */
  reset?: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md">
      <form method="get" data-testid={`${testId}-filters`} aria-label={label}>
        <Group align="flex-end" gap="sm">
          {children}
          <Button type="submit" data-testid={`${testId}-apply`}>
            {applyLabel}
          </Button>
          {reset && (
            <ButtonLink variant="subtle" href={reset.href} data-testid={`${testId}-reset`}>
              {reset.label}
            </ButtonLink>
          )}
        </Group>
      </form>
    </Paper>
  );
}

/** The free-text search of a filter bar (parameter `q`), taking the row's spare width. */
export function FilterSearch(props: { label: string; placeholder: string; defaultValue: string; testId: string }) {
  return (
    <TextInput
      name="q"
      label={props.label}
      placeholder={props.placeholder}
      defaultValue={props.defaultValue}
      maxLength={100}
      style={{ flex: 1, minWidth: 200 }}
      data-testid={props.testId}
    />
  );
}

/** A choice of a filter bar; the first option (value '') means "any". */
export function FilterSelect(props: {
  name: string;
  label: string;
  defaultValue: string;
  anyLabel: string;
  choices: readonly FilterChoice[];
  testId: string;
}) {
  return (
    <NativeSelect
      name={props.name}
      label={props.label}
      defaultValue={props.defaultValue}
      data={[{ value: '', label: props.anyLabel }, ...props.choices]}
      data-testid={props.testId}
    />
  );
}

/** A date bound of a filter bar (YYYY-MM-DD in the address). */
export function FilterDate(props: { name: string; label: string; defaultValue: string; testId?: string }) {
  return (
    <TextInput type="date" name={props.name} label={props.label} defaultValue={props.defaultValue} w={170} data-testid={props.testId} />
  );
}
