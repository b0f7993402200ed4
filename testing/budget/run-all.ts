/**
 * `npm test`: every check in order (types, lint, format, messages, Vitest, the browser tests), the first
 * failure stopping it as before. At the end it prints each phase's time, the slowest test files of the
 * Vitest and browser phases, and holds them to the budget in testing/budget/budget.ts: a test file over
 * 90 s (or over the ceiling of a file still listed as over it) or a browser phase over 20 minutes fails
 * the run, named.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { BUDGET_DIR, formatDuration, overBudgetFiles, phaseLimit, readPhaseReport, slowestLines } from './budget';

type Phase = { name: string; script: string; report?: 'vitest' | 'browser' };

const PHASES: Phase[] = [
  { name: 'typecheck', script: 'typecheck' },
  { name: 'lint', script: 'lint' },
  { name: 'format', script: 'check:format' },
  { name: 'i18n', script: 'check:i18n' },
  { name: 'vitest', script: 'test:unit', report: 'vitest' },
  { name: 'browser', script: 'test:e2e', report: 'browser' },
];

// TEST_PHASES=vitest,browser runs only those phases (the budget still applies to them).
const only = process.env.TEST_PHASES?.split(',').map((p) => p.trim());
const phases = only ? PHASES.filter((p) => only.includes(p.name)) : PHASES;

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
rmSync(BUDGET_DIR, { recursive: true, force: true });

const times: { name: string; ms: number; ok: boolean }[] = [];
let failed: string | null = null;
for (const phase of phases) {
  const started = Date.now();
  const run = spawnSync(npm, ['run', phase.script], { stdio: 'inherit' });
  const ok = run.status === 0;
  times.push({ name: phase.name, ms: Date.now() - started, ok });
  if (!ok) {
    failed = phase.name;
    break;
  }
}

const lines: string[] = ['', 'npm test: phases'];
for (const t of times) lines.push(`  ${t.name.padEnd(10)} ${formatDuration(t.ms).padStart(12)}  ${t.ok ? 'passed' : 'FAILED'}`);
lines.push(`  ${'total'.padEnd(10)} ${formatDuration(times.reduce((s, t) => s + t.ms, 0)).padStart(12)}`);

const overBudget: string[] = [];
for (const phase of phases.filter((p) => p.report)) {
  const report = readPhaseReport(phase.report!);
  if (!report) continue;
  lines.push('', `${phase.name}: ${report.tests} tests in ${report.files.length} files; the 15 slowest files`);
  lines.push(...slowestLines(report));
  overBudget.push(...overBudgetFiles(report));
  const took = times.find((t) => t.name === phase.name);
  const limit = phaseLimit(phase.name);
  if (took && limit !== null && took.ms > limit)
    overBudget.push(`the ${phase.name} phase took ${formatDuration(took.ms)}, over ${formatDuration(limit)}`);
}

if (overBudget.length > 0) {
  lines.push('', 'Over the test time budget (docs/testing.md#the-time-budget):', ...overBudget.map((l) => `  ${l}`));
} else if (!failed) {
  lines.push('', 'Within the test time budget.');
}
console.log(lines.join('\n'));
process.exit(failed ? 1 : overBudget.length > 0 ? 1 : 0);
