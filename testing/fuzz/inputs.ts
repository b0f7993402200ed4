/**
 * Bad inputs derived from a zod schema, for the fuzz walk over every route handler
 * (testing/fuzz/walk.ts): a plausible value that the schema accepts where it can be
 * guessed, and, for each leaf, the same value with that leaf replaced by something hostile.
 */
import type { ZodType } from 'zod';

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

export const HUGE_STRING = 'x'.repeat(1024 * 1024 + 1);

const STRING_GUESSES = ['Fuzz', 'fuzz@example.org', '2026-05-01', 'zh', 'https://example.org/x', 'example.org', '1', 'a1b2c3d4e5'];

/** A value the schema probably accepts (the first guess it does), or a neutral one. */
export function sample(schema: ZodType, depth = 0): unknown {
  if (depth > 8) return undefined;
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, ZodType>;
      return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, sample(v, depth + 1)]));
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sample(def.innerType as ZodType, depth + 1);
    case 'pipe':
      return sample(def.in as ZodType, depth + 1);
    case 'lazy':
      return sample((def.getter as () => ZodType)(), depth + 1);
    case 'union': {
      const options = def.options as ZodType[];
      const values = options.map((o) => sample(o, depth + 1));
      return values.find((v) => v !== '' && v !== undefined) ?? values[0];
    }
    case 'array':
      return [sample(def.element as ZodType, depth + 1)];
    case 'tuple':
      return (def.items as ZodType[]).map((i) => sample(i, depth + 1));
    case 'record':
      return {};
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'boolean':
      return true;
    case 'number':
    case 'int':
    case 'bigint':
      return [1, 0, 2, 10].find((n) => schema.safeParse(n).success) ?? 1;
    case 'string':
      return STRING_GUESSES.find((s) => schema.safeParse(s).success) ?? 'Fuzz';
    case 'date':
      return '2026-05-01';
    default:
      return null;
  }
}

/** What a leaf of this kind gets instead of a good value. */
function hostileFor(schema: ZodType): unknown[] {
  const type = leafType(schema);
  const common: unknown[] = ['a\u0000b', '\ud800', null, { nested: true }];
  if (type === 'number') return [2 ** 31, 2 ** 53 + 2, -1, 1.5, '99999999999999999999', 'abc', ...common];
  if (type === 'string') return ['2026-02-30', '9999-99-99', '\ud800x', 'a\u0000', 'x'.repeat(100_000), 123, [], ...common];
  if (type === 'boolean') return ['true', 1, ...common];
  if (type === 'array') return ['list', [null], Array.from({ length: 5_000 }, () => 'x'), ...common];
  return ['zzz', 2 ** 31, ...common];
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The definition under a schema's wrappers (optional, default …) and pipes: what its values really are. */
function unwrap(schema: ZodType): Def {
  let def = defOf(schema);
  for (let i = 0; i < 10; i++) {
    if (WRAPPERS.has(def.type)) def = defOf(def.innerType);
    else if (def.type === 'pipe') def = defOf(def.in);
    else break;
  }
  return def;
}

function leafType(schema: ZodType): string {
  const def = unwrap(schema);
  if (def.type === 'int' || def.type === 'bigint') return 'number';
  if (def.type === 'union')
    return leafType((def.options as ZodType[]).find((o) => defOf(o).type !== 'literal') ?? (def.options as ZodType[])[0]);
  return def.type;
}

/** The leaves of an object schema, as paths with their schema. */
function leaves(schema: ZodType, path: string[] = [], depth = 0): { path: string[]; schema: ZodType }[] {
  if (depth > 6) return [];
  const def = unwrap(schema);
  if (def.type === 'object') {
    return Object.entries(def.shape as Record<string, ZodType>).flatMap(([k, v]) => leaves(v, [...path, k], depth + 1));
  }
  if (def.type === 'array' && path.length) {
    return [{ path, schema }, ...leaves(def.element as ZodType, [...path, '0'], depth + 1)];
  }
  return path.length ? [{ path, schema }] : [];
}

function setAt(value: unknown, path: string[], leaf: unknown): unknown {
  if (!path.length) return leaf;
  const [head, ...rest] = path;
  const base = Array.isArray(value) ? [...value] : value && typeof value === 'object' ? { ...(value as object) } : {};
  (base as Record<string, unknown>)[head] = setAt((base as Record<string, unknown>)[head], rest, leaf);
  return base;
}

/** Whole values that are wrong as a whole, then the sample with one leaf made hostile at a time. */
export function hostileValues(schema: ZodType): { label: string; value: unknown }[] {
  const good = sample(schema);
  const out: { label: string; value: unknown }[] = [
    { label: 'sample', value: good },
    { label: 'null', value: null },
    { label: 'array', value: [good] },
    { label: 'string', value: 'a\u0000' },
  ];
  for (const leaf of leaves(schema)) {
    for (const bad of hostileFor(leaf.schema)) {
      out.push({ label: `${leaf.path.join('.')}=${describe(bad)}`, value: setAt(good, leaf.path, bad) });
    }
  }
  return out;
}

function describe(value: unknown): string {
  const text =
    typeof value === 'string'
      ? JSON.stringify(value.length > 20 ? `${value.slice(0, 8)}…(${value.length})` : value)
      : JSON.stringify(value);
  return (text ?? String(value)).slice(0, 40);
}

/** Query strings for a query schema: each hostile value of each leaf, flattened to text. */
export function hostileQueries(schema: ZodType | undefined): { label: string; query: string }[] {
  if (!schema) return [{ label: 'stray', query: 'id=2147483648&x=%00&y=%ED%A0%80' }];
  return hostileValues(schema)
    .filter(({ value }) => value && typeof value === 'object' && !Array.isArray(value))
    .map(({ label, value }) => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        if (v === undefined) continue;
        params.set(k, typeof v === 'string' ? v : JSON.stringify(v));
      }
      return { label, query: params.toString() };
    });
}

/** Values for an address segment such as [id]. */
export const HOSTILE_SEGMENTS = ['2147483648', '99999999999999999999', '-1', '0', 'abc', '1.5', 'a\u0000b', '%ZZ', '\ud800', '1'];

/**
 * Path-level encodings, as a client sends them in an address: a lone surrogate, an overlong '/',
 * a cut UTF-8 sequence, no hex digits, a bare '%', a NUL, an encoded slash and dot-dot. The built
 * app refuses the undecodable ones in proxy.ts before Next decodes them (e2e/encoded-paths.spec.ts);
 * in process, every handler with address segments gets each one raw in each segment, and every
 * other handler the few in EXTRA_SEGMENT_ENCODINGS as an extra segment (it does not read its path).
 */
export const PATH_ENCODINGS = ['%ED%A0%80', '%C0%AF', '%E4%B8', '%ZZ', '%', '%00', 'a%FFb', '%2F', 'a%2Fb', '%2E%2E'];

/** The path encodings a handler without address segments gets as an extra segment (keeps the walk's time in bounds). */
export const EXTRA_SEGMENT_ENCODINGS = ['%ED%A0%80', '%C0%AF', '%00', '%2F'];
