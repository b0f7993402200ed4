/**
 * A Playwright reporter beside the list reporter: each spec file's time (from its first test's start to
 * its last test's end, its hooks included) and test count, and the whole phase's, written for
 * testing/budget/run-all.ts to print and hold to the budget (testing/budget/budget.ts).
 */
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { writePhaseReport, type FileTime } from '../../testing/budget/budget';

const root = path.resolve(import.meta.dirname, '../..');

type Span = { start: number; end: number; tests: Set<string> };

export default class BudgetReporter implements Reporter {
  private readonly started = Date.now();
  private readonly spans = new Map<string, Span>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = path.relative(root, test.location.file);
    const start = result.startTime.getTime();
    const end = start + result.duration;
    const span = this.spans.get(file) ?? { start, end, tests: new Set<string>() };
    span.start = Math.min(span.start, start);
    span.end = Math.max(span.end, end);
    span.tests.add(test.id);
    this.spans.set(file, span);
  }

  onEnd(_result: FullResult): void {
    const files: FileTime[] = [...this.spans].map(([file, span]) => ({
      file,
      ms: span.end - span.start,
      tests: span.tests.size,
    }));
    writePhaseReport({
      phase: 'browser',
      files,
      tests: files.reduce((sum, f) => sum + f.tests, 0),
      ms: Date.now() - this.started,
    });
  }

  printsToStdio(): boolean {
    return false;
  }
}
