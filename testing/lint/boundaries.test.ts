import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundaries `npm run lint` enforces (eslint.config.mjs), shown on planted files: ESLint with the
 * project's own configuration lints each snippet as if it lived at the path given. Each rule fails
 * on its violation, and a control beside it passes.
 */
const root = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  // The first lint loads the configuration and its plugins (seconds on a busy machine): paid here, not by a test.
  await eslint.lintText('export const warm = 1;\n', { filePath: path.join(root, 'lib/planted/warm.ts') });
}, 120_000);

async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.filter((m) => m.severity === 2).map((m) => ({ rule: m.ruleId, message: m.message }));
}

const useClient = (body: string) => `'use client';\n\n${body}`;

describe('production code never imports testing/', () => {
  const code = "import { createTestDatabase } from '@/testing/harness/database';\n\nexport const open = createTestDatabase;\n";
  const relative = "import { startStripeStandin } from '../../testing/standins/stripe';\n\nexport const start = startStripeStandin;\n";

  it('fails a lib/ module importing testing/ (by alias or relative path)', async () => {
    for (const snippet of [code, relative]) {
      const errors = await lint('lib/planted/service.ts', snippet);
      expect(errors).toEqual([expect.objectContaining({ rule: 'no-restricted-imports', message: expect.stringContaining('testing/') })]);
    }
  });

  it('fails a route handler and a component importing testing/', async () => {
    expect(await lint('app/api/planted/route.ts', code)).toEqual([expect.objectContaining({ rule: 'no-restricted-imports' })]);
    expect(await lint('components/planted/widget.tsx', code)).toEqual([expect.objectContaining({ rule: 'no-restricted-imports' })]);
  });

  it('control: tests, test support and browser tests may import it', async () => {
    expect(await lint('lib/planted/service.int.test.ts', code)).toEqual([]);
    expect(await lint('testing/fixtures/planted.ts', code)).toEqual([]);
    expect(await lint('e2e/planted.spec.ts', code)).toEqual([]);
  });
});

describe("a 'use client' module imports no server code as a value", () => {
  const cases: [string, string, RegExp][] = [
    ['db/', "import { openDatabase } from '@/db/client';\n\nexport const open = openDatabase;\n", /database layer \(db\/\)/],
    [
      'db/ by a relative path',
      "import { conference } from '../../db/schema';\n\nexport const table = conference;\n",
      /database layer \(db\/\)/,
    ],
    ['drizzle-orm', "import { eq } from 'drizzle-orm';\n\nexport const equals = eq;\n", /'drizzle-orm'/],
    ["'server-only' itself", "import 'server-only';\n\nexport const x = 1;\n", /'server-only'/],
    [
      'a module marked server-only',
      "import { encryptSecrets } from '@/lib/server/secrets';\n\nexport const seal = encryptSecrets;\n",
      /lib\/server\/secrets\.ts → 'server-only'/,
    ],
    [
      'a module holding Drizzle queries',
      "import { findBasicConfig } from '@/lib/registration/basic-config';\n\nexport const find = findBasicConfig;\n",
      /lib\/registration\/basic-config\.ts → 'drizzle-orm'/,
    ],
  ];

  for (const [what, body, reason] of cases) {
    it(`fails on ${what}`, async () => {
      const errors = await lint('components/planted/form.tsx', useClient(body));
      expect(errors).toEqual([{ rule: 'confhub/client-boundary', message: expect.stringMatching(reason) }]);
    });
  }

  it('control: the same imports pass in a server module, and type-only imports pass in a client one', async () => {
    for (const [, body] of cases) expect(await lint('components/planted/page.tsx', body)).toEqual([]);
    const typeOnly = useClient(
      "import type { Database } from '@/db/client';\nimport { type SQL } from 'drizzle-orm';\n\nexport type Pair = [Database, SQL];\n",
    );
    expect(await lint('components/planted/form.tsx', typeOnly)).toEqual([]);
  });

  it('control: a clean client module passes (the db-free schemas the forms use)', async () => {
    const clean = useClient(
      [
        "import { ZSubmitReview } from '@/lib/review/schemas';",
        "import { ZBasicConfig } from '@/lib/registration/basic-config-schema';",
        '',
        'export const schemas = [ZSubmitReview, ZBasicConfig];',
        '',
      ].join('\n'),
    );
    expect(await lint('components/planted/form.tsx', clean)).toEqual([]);
  });
});

describe('no window.confirm: the app asks in its own dialog (components/ui/confirm-dialog.tsx)', () => {
  it('fails window.confirm and a bare confirm() in a component', async () => {
    const planted = useClient("export function ask() {\n  return window.confirm('Delete?') || confirm('Really?');\n}\n");
    expect(await lint('components/planted/ask.tsx', planted)).toEqual([
      expect.objectContaining({ rule: 'no-restricted-properties', message: expect.stringContaining('confirm dialog') }),
      expect.objectContaining({ rule: 'no-restricted-globals', message: expect.stringContaining('confirm dialog') }),
    ]);
  });

  it('control: a confirm of its own (useConfirm) passes', async () => {
    const control = useClient(
      "import { useConfirm } from '@/components/ui/confirm-dialog';\n\nexport function useAsk() {\n  const confirm = useConfirm();\n  return () => confirm('Delete?');\n}\n",
    );
    expect(await lint('components/planted/ask.tsx', control)).toEqual([]);
  });
});
