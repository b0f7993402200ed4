// The message keys the code uses, checked against messages/zh.json and messages/en.json.
//
// A translator is a variable bound to useTranslations('ns'), getTranslations('ns' | { namespace: 'ns' })
// or serverTranslator(locale, 'ns'), directly or as an element of `await Promise.all([...])`. Every call
// of one with a literal key (t('key'), t.rich('key'), t.markup('key'), t.raw('key')) must name a message
// of that namespace in both languages. A key built from a value (t(`pay_${status}`)) must at least
// match some message of the namespace by its fixed part; such keys are listed with --verbose, since the
// values that reach them are only known at run time (they belong behind a label function per enum).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE_DIRS = ['app', 'components', 'lib', 'emails'];
const METHODS = new Set(['rich', 'markup', 'raw']);

const load = (locale) => JSON.parse(readFileSync(path.join(root, 'messages', `${locale}.json`), 'utf8'));
const flatten = (obj, prefix = '') =>
  Object.entries(obj).flatMap(([key, value]) =>
    value && typeof value === 'object' ? flatten(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(name) && !/\.(test|int\.test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const literal = (node) => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null);

/** The namespace a translator-making call names, or undefined when the call makes none. */
function namespaceOf(node) {
  let call = node;
  while (call && (ts.isAwaitExpression(call) || ts.isParenthesizedExpression(call))) call = call.expression;
  if (!call || !ts.isCallExpression(call) || !ts.isIdentifier(call.expression)) return undefined;
  const name = call.expression.text;
  const [first, second] = call.arguments;
  if (name === 'useTranslations' || name === 'getTranslations') {
    if (!first) return '';
    if (ts.isObjectLiteralExpression(first)) {
      const property = first.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === 'namespace');
      return property ? (literal(property.initializer) ?? undefined) : '';
    }
    return literal(first) ?? undefined;
  }
  if (name === 'serverTranslator') return literal(second) ?? undefined;
  return undefined;
}

/** The calls inside `await Promise.all([...])`, by position. */
function promiseAllElements(node) {
  let call = node;
  while (call && (ts.isAwaitExpression(call) || ts.isParenthesizedExpression(call))) call = call.expression;
  if (!call || !ts.isCallExpression(call)) return null;
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || callee.getText() !== 'Promise.all') return null;
  const list = call.arguments[0];
  return list && ts.isArrayLiteralExpression(list) ? list.elements : null;
}

const isScope = (node) => ts.isSourceFile(node) || ts.isBlock(node) || ts.isFunctionLike(node) || ts.isModuleBlock(node);

function scopeOf(node) {
  let current = node.parent;
  while (current && !isScope(current)) current = current.parent;
  return current;
}

/** Every key use in the source: { file, line, namespace, key, built }. */
export function keyUses(files = SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(root, dir)))) {
  const uses = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (!/Translat|translat/.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    /** @type {Map<ts.Node, Map<string, string>>} */
    const bindings = new Map();
    const bind = (declaration, name, namespace) => {
      const scope = scopeOf(declaration);
      if (!bindings.has(scope)) bindings.set(scope, new Map());
      bindings.get(scope).set(name, namespace);
    };
    const collect = (node) => {
      if (ts.isVariableDeclaration(node) && node.initializer) {
        if (ts.isIdentifier(node.name)) {
          const namespace = namespaceOf(node.initializer);
          if (namespace !== undefined) bind(node, node.name.text, namespace);
        } else if (ts.isArrayBindingPattern(node.name)) {
          const elements = promiseAllElements(node.initializer);
          if (elements)
            node.name.elements.forEach((element, index) => {
              if (!ts.isBindingElement(element) || !ts.isIdentifier(element.name)) return;
              const namespace = namespaceOf(elements[index]);
              if (namespace !== undefined) bind(node, element.name.text, namespace);
            });
        }
      }
      ts.forEachChild(node, collect);
    };
    collect(source);
    if (bindings.size === 0) continue;
    const resolve = (node, name) => {
      for (let scope = node.parent; scope; scope = scope.parent) {
        const found = bindings.get(scope)?.get(name);
        if (found !== undefined) return found;
        // A parameter or local of the same name nearer than the binding hides it.
        if (ts.isFunctionLike(scope) && scope.parameters?.some((p) => ts.isIdentifier(p.name) && p.name.text === name)) return undefined;
      }
      return undefined;
    };
    const visit = (node) => {
      if (ts.isCallExpression(node) && node.arguments.length > 0) {
        let callee = node.expression;
        if (ts.isPropertyAccessExpression(callee) && METHODS.has(callee.name.text)) callee = callee.expression;
        if (ts.isIdentifier(callee)) {
          const namespace = resolve(node, callee.text);
          const argument = node.arguments[0];
          if (namespace !== undefined) {
            const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
            const where = `${path.relative(root, file)}:${line}`;
            const key = literal(argument);
            if (key !== null) uses.push({ where, namespace, key, built: false });
            else if (ts.isTemplateExpression(argument)) uses.push({ where, namespace, key: argument.head.text, built: true });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return uses;
}

/** Problems: a literal key missing in either language, or a built key no message of its namespace starts with. */
export function missingKeys(files) {
  const locales = { zh: new Set(flatten(load('zh'))), en: new Set(flatten(load('en'))) };
  const uses = keyUses(files);
  const problems = [];
  for (const use of uses) {
    const full = use.namespace ? `${use.namespace}.${use.key}` : use.key;
    for (const [locale, keys] of Object.entries(locales)) {
      if (!use.built && !keys.has(full)) problems.push(`${use.where}: ${full} is not in ${locale}.json`);
      if (use.built && ![...keys].some((k) => k.startsWith(full))) problems.push(`${use.where}: no ${full}… in ${locale}.json`);
    }
  }
  return { uses, problems };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { uses, problems } = missingKeys();
  if (process.argv.includes('--verbose'))
    for (const use of uses.filter((u) => u.built)) console.log(`${use.where}: built key ${use.namespace}.${use.key}…`);
  console.log(problems.join('\n') || `${uses.length} key uses found, all present`);
}
