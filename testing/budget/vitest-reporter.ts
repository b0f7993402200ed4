/**
 * A Vitest reporter beside the default one: each test file's time (import, setup and its tests) and
 * test count, written for testing/budget/run-all.ts to print and hold to the budget (testing/budget/budget.ts).
 */
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { writePhaseReport, type FileTime } from './budget';

const root = path.resolve(import.meta.dirname, '../..');

export default class BudgetReporter implements Reporter {
  private started = Date.now();

  onInit(): void {
    this.started = Date.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const files: FileTime[] = testModules.map((module) => {
      const d = module.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      return {
        file: path.relative(root, module.moduleId),
        ms: Math.round(ms),
        tests: Array.from(module.children.allTests()).length,
      };
    });
    writePhaseReport({
      phase: 'vitest',
      files,
      tests: files.reduce((sum, f) => sum + f.tests, 0),
      ms: Date.now() - this.started,
    });
  }
}
