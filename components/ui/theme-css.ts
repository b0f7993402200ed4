import { DEFAULT_THEME, convertCssVariables, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';

type Vars = Record<string, string>;

const changed = (vars: Vars, defaults: Vars): Vars =>
  Object.fromEntries(Object.entries(vars).filter(([key, value]) => defaults[key] !== value));

/**
 * The CSS variables our theme changes against Mantine's defaults: what MantineProvider writes into
 * the page at run time. The light screens (app/[locale]/(light)) draw without Mantine's provider, so
 * they load this as a file (components/ui/theme-variables.css, written by `npx tsx scripts/theme-css.ts`
 * and checked against the theme by theme-variables.test.ts) on top of Mantine's default variables.
 * Light only: the site has no dark scheme.
 */
export function themeVariablesCss(): string {
  const ours = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const css = convertCssVariables(
    { variables: changed(ours.variables, defaults.variables), light: changed(ours.light, defaults.light), dark: {} },
    ':root',
  );
  return `/* Written by scripts/theme-css.ts from components/ui/theme.ts: do not edit by hand. */\n${css.trim().replace(/\n{2,}/g, '\n')}\n`;
}
