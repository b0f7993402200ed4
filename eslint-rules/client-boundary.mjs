/**
 * `confhub/client-boundary`: a client module (one whose first statement is 'use client') never imports,
 * as a value, the database layer (`db/`), `drizzle-orm`, `server-only`, or a local module that reaches
 * one of them through its own value imports (a module marked `import 'server-only'`, or one holding
 * Drizzle queries). Type-only imports are allowed: they vanish from the bundle.
 *
 * ESLint's file globs cannot see a directive, hence this rule. Local modules are read and parsed once
 * per process (an editor's ESLint server re-reads them on restart), with the parser the file itself is
 * linted with.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

/** The local file a specifier names (`@/…` or relative), or null for a package. */
function resolveLocal(spec, fromFile) {
  let base;
  if (spec.startsWith('@/')) base = path.join(ROOT, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(fromFile), spec);
  else return null;
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext)]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const isTypeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

/** The value imports of a parsed module: [{ source, node }]. */
function valueImports(program) {
  const found = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (
      (node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') &&
      node.source
    ) {
      if (!isTypeOnly(node)) found.push({ source: node.source.value, node });
    } else if (node.type === 'ImportExpression' && node.source.type === 'Literal') {
      found.push({ source: node.source.value, node });
    }
    for (const key of Object.keys(node)) {
      if (key === 'parent') continue;
      const child = node[key];
      if (Array.isArray(child)) child.forEach(visit);
      else if (child && typeof child === 'object') visit(child);
    }
  };
  visit(program);
  return found;
}

/** Why importing `spec` from `fromFile` brings server code, or null. */
function directReason(spec, fromFile) {
  if (spec === 'server-only') return "'server-only'";
  if (spec === 'drizzle-orm' || spec.startsWith('drizzle-orm/')) return "'drizzle-orm'";
  const file = resolveLocal(spec, fromFile);
  if (file && path.relative(ROOT, file).split(path.sep)[0] === 'db') return 'the database layer (db/)';
  return null;
}

/** Per process: file → why it is server code (or null), following its value imports. */
function makeModuleCheck(parser) {
  const memo = new Map();
  const check = (file) => {
    if (memo.has(file)) return memo.get(file);
    memo.set(file, null); // an import cycle back to a module being checked counts as clean
    let program;
    try {
      const options = { sourceType: 'module', ecmaVersion: 'latest', ecmaFeatures: { jsx: true }, filePath: file };
      const code = fs.readFileSync(file, 'utf8');
      program = parser.parseForESLint ? parser.parseForESLint(code, options).ast : parser.parse(code, options);
    } catch {
      return null;
    }
    // a server action module is the one server module a client module may import
    if (program.body.some((s) => s.type === 'ExpressionStatement' && s.directive === 'use server')) return null;
    let reason = null;
    for (const { source } of valueImports(program)) {
      const direct = directReason(source, file);
      const local = direct ? null : resolveLocal(source, file);
      const inner = local ? check(local) : null;
      if (direct || inner) {
        reason = `${path.relative(ROOT, file)} → ${direct ?? inner}`;
        break;
      }
    }
    memo.set(file, reason);
    return reason;
  };
  return check;
}

const checks = new WeakMap();

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: "A 'use client' module imports no database, Drizzle or server-only code as a value" },
    schema: [],
    messages: {
      serverImport: "A 'use client' module must not import server code as a value: {{reason}} (type-only imports are fine).",
    },
  },
  create(context) {
    const program = context.sourceCode.ast;
    const isClient = program.body.some((s) => s.type === 'ExpressionStatement' && s.directive === 'use client');
    if (!isClient) return {};
    const parser = context.languageOptions.parser;
    if (!checks.has(parser)) checks.set(parser, makeModuleCheck(parser));
    const check = checks.get(parser);
    return {
      Program() {
        for (const { source, node } of valueImports(program)) {
          const direct = directReason(source, context.filename);
          const local = direct ? null : resolveLocal(source, context.filename);
          const reason = direct ?? (local && check(local));
          if (reason) context.report({ node, messageId: 'serverImport', data: { reason } });
        }
      },
    };
  },
};

const plugin = { meta: { name: 'confhub' }, rules: { 'client-boundary': rule } };
export default plugin;
