import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { themeVariablesCss } from '../components/ui/theme-css';

/** Writes the theme's CSS variables for the screens drawn without Mantine's provider (see components/ui/theme-css.ts). */
const target = path.join(import.meta.dirname, '../components/ui/theme-variables.css');
writeFileSync(target, themeVariablesCss());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
