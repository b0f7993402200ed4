/**
 * The test suite's time budget: what one test file and the browser phase may take on the CI machine
 * (two cores), what each phase of `npm test` took, and the files over the limit that are still being
 * brought inside it (each with a ceiling of its own that may only come down).
 *
 * The reporters (testing/budget/vitest-reporter.ts, e2e/support/budget-reporter.ts) write each file's
 * time to BUDGET_DIR; testing/budget/run-all.ts prints the phases and the slowest files, and fails naming
 * whatever passed its limit.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

export const BUDGET_DIR = path.resolve(import.meta.dirname, '../../.test-budget');

/** A single test file (Vitest or Playwright) on the CI machine. */
export const FILE_LIMIT_MS = 90_000;
/** The browser phase as a whole, the build included. */
export const BROWSER_PHASE_LIMIT_MS = 20 * 60_000;

export type FileTime = { file: string; ms: number; tests: number };
export type PhaseReport = { phase: string; files: FileTime[]; tests: number; ms: number };

type Allowances = { files: Record<string, number>; phases: Record<string, number> };
const known = JSON.parse(readFileSync(path.join(import.meta.dirname, 'allowances.json'), 'utf8')) as Allowances;

export function writePhaseReport(report: PhaseReport): void {
  mkdirSync(BUDGET_DIR, { recursive: true });
  writeFileSync(path.join(BUDGET_DIR, `${report.phase}.json`), JSON.stringify(report, null, 1));
}

export function readPhaseReport(phase: string): PhaseReport | null {
  const file = path.join(BUDGET_DIR, `${phase}.json`);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PhaseReport;
  } catch {
    return null;
  }
}

/** The limit a file is held to: 90 s, or the ceiling of a file still listed as over it. */
export function fileLimit(file: string): number {
  return Math.max(FILE_LIMIT_MS, known.files[file] ?? 0);
}

/** The limit a phase is held to (only the browser phase has one of its own, unless it is listed as over). */
export function phaseLimit(phase: string): number | null {
  const listed = known.phases[phase];
  if (phase === 'browser') return Math.max(BROWSER_PHASE_LIMIT_MS, listed ?? 0);
  return listed ?? null;
}

export function formatDuration(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)} min ${String(total % 60).padStart(2, '0')} s`;
}

/** Files over their limit, slowest first, each as one line naming it. */
export function overBudgetFiles(report: PhaseReport): string[] {
  return report.files
    .filter((f) => f.ms > fileLimit(f.file))
    .sort((a, b) => b.ms - a.ms)
    .map((f) => {
      const limit = fileLimit(f.file);
      const listed = limit > FILE_LIMIT_MS ? ` (listed as over ${formatDuration(FILE_LIMIT_MS)}; its ceiling)` : '';
      return `${f.file} took ${formatDuration(f.ms)}, over ${formatDuration(limit)}${listed}`;
    });
}

/** The slowest files of a phase as table lines. */
export function slowestLines(report: PhaseReport, count = 15): string[] {
  return [...report.files]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((f) => `  ${formatDuration(f.ms).padStart(12)}  ${String(f.tests).padStart(4)} tests  ${f.file}`);
}
