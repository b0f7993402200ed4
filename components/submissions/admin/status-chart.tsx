'use client';

import { BarChart } from '@mantine/charts';

export type StatusChartSeries = { key: string; label: string; color: string };

/**
 * Submissions per session, stacked by status (the legend names each status in words). The same
 * numbers are in a table beside it for screen readers, so nothing depends on colour.
 */
export function StatusChart({
  data,
  series,
  label,
}: {
  /** One entry per session: `session` (its name) and a count under each series key. */
  data: Record<string, string | number>[];
  series: StatusChartSeries[];
  label: string;
}) {
  return (
    <BarChart
      h={Math.max(220, data.length * 36 + 80)}
      data={data}
      dataKey="session"
      type="stacked"
      orientation="vertical"
      yAxisProps={{ width: 110 }}
      // Counts: whole numbers on the axis (recharts would tick 0.25 steps for a handful).
      xAxisProps={{ allowDecimals: false }}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      aria-label={label}
      series={series.map((s) => ({ name: s.key, label: s.label, color: s.color }))}
      data-testid="contribute-status-chart"
    />
  );
}
