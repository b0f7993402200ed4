'use client';

import { NumberInput, type NumberInputProps } from '@mantine/core';
import { fromMinor, minorDigits, toMinor } from '@/lib/fees/money';

/**
 * An amount typed in major units (1,200.50) and held as integer minor units (120050), so a form
 * never carries a float. An empty box holds '' (the schema then says what is missing).
 */
export function MoneyInput({
  value,
  currency,
  onChange,
  ...props
}: Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: number | '' | undefined;
  currency: string;
  onChange: (minor: number | '') => void;
}) {
  const digits = minorDigits(currency);
  return (
    <NumberInput
      {...props}
      min={0}
      decimalScale={digits}
      allowNegative={false}
      thousandSeparator=","
      value={value === '' || value === undefined ? '' : fromMinor(value, currency)}
      onChange={(v) => onChange(v === '' ? '' : toMinor(typeof v === 'number' ? v : String(v), currency))}
    />
  );
}
