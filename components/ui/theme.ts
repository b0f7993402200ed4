import { createTheme, defaultCssVariablesResolver, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * The one Mantine theme, readable by everyone: every text colour the kit draws on white (or on its
 * light tints) reaches the WCAG AA contrast of 4.5:1, checked by e2e/accessibility.spec.ts.
 *
 * - Filled colours are shade 8 (Mantine's default 6 gives white text on indigo 4.3:1, on green 2.4:1).
 * - Mantine's palettes whose shade 8 is still too light with white text (green, teal, cyan, lime,
 *   yellow, orange, blue, red) get darker shades 7–9; shades 0–6 are Mantine's. Shade 9 is also the
 *   text of the `light` variant on shade 1, so it reaches 5:1 there.
 * - `dimmed` text is gray 7 (Mantine's gray 6 is 3.3:1 on white), placeholders #6b7280 (4.8:1),
 *   error messages red 8 (Mantine's red 6 is 3.3:1).
 *
 * And one keyboard default: a table that scrolls sideways (on a phone) can be focused, so it can be
 * scrolled with the arrow keys even when no cell holds a link or a button.
 *
 * Component defaults are plain objects, not `Component.extend(…)`: importing a component to extend
 * it puts its code (TableScrollContainer brings ScrollArea and floating-ui) on every screen.
 */
const palettes: Record<string, MantineColorsTuple> = {
  red: ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#fa5252', '#f03e3e', '#d93030', '#b72626'],
  blue: ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0', '#228be6', '#1c7ed6', '#1971c2', '#1760a4'],
  cyan: ['#e3fafc', '#c5f6fa', '#99e9f2', '#66d9e8', '#3bc9db', '#22b8cf', '#15aabf', '#1093a8', '#0b7e91', '#0a6b7d'],
  teal: ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#12b886', '#0b996e', '#08835e', '#077151'],
  green: ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#40c057', '#2f9942', '#278338', '#237133'],
  lime: ['#f4fce3', '#e9fac8', '#d8f5a2', '#c0eb75', '#a9e34b', '#94d82d', '#82c91e', '#5e9512', '#4e800b', '#46700a'],
  yellow: ['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419', '#fab005', '#ba7900', '#a86200', '#9c5100'],
  orange: ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#fd7e14', '#e15e06', '#c54c0a', '#ab390c'],
};

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 8 },
  colors: palettes,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components: {
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = (current) => {
  const defaults = defaultCssVariablesResolver(current);
  return {
    ...defaults,
    light: {
      ...defaults.light,
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      '--mantine-color-placeholder': '#6b7280',
      '--mantine-color-error': 'var(--mantine-color-red-8)',
    },
  };
};
