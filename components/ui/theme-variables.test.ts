import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { themeVariablesCss } from './theme-css';

describe('theme-variables.css', () => {
  it('holds what the theme sets (after a theme change: npx tsx scripts/theme-css.ts)', () => {
    const file = readFileSync(path.join(import.meta.dirname, 'theme-variables.css'), 'utf8');
    expect(file).toBe(themeVariablesCss());
    // The contrast fixes of theme.ts reach the light screens: dimmed text gray 7, filled buttons shade 8.
    expect(file).toContain('--mantine-color-dimmed: var(--mantine-color-gray-7)');
    expect(file).toContain('--mantine-primary-color-filled: var(--mantine-color-indigo-filled)');
  });
});
