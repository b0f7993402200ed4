'use client';

import { BarChart } from '@mantine/charts';

/** Paid money per day, one series per currency (amounts in major units). */
export function RevenueChart({
  data,
  currencies,
  label,
}: {
  data: Record<string, string | number>[];
  currencies: string[];
  label: string;
}) {
  const colors = ['teal.8', 'blue.8', 'grape.8', 'orange.8', 'red.8', 'cyan.8'];
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="day"
      withLegend
      // Whole units of money on the axis, never 0.5 steps.
      yAxisProps={{ allowDecimals: false }}
      aria-label={label}
      series={currencies.map((currency, i) => ({ name: currency, color: colors[i % colors.length] }))}
    />
  );
}
