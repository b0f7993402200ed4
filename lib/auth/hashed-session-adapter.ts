import type { BetterAuthOptions, DBAdapter, DBTransactionAdapter, Where } from 'better-auth';
import { hashSessionToken } from './session-token-hash';

type AdapterFactory = (options: BetterAuthOptions) => DBAdapter;
type Row = Record<string, unknown>;

const SESSION_MODEL = 'session';
const TOKEN_FIELD = 'token';
/** Only exact matches make sense on a hash; anything else on the token is a programming error. */
const HASHABLE_OPERATORS = new Set([undefined, 'eq', 'ne', 'in', 'not_in']);

/** The where clause with every token value hashed, and the hash → raw token map to restore results. */
function hashWhere(where: Where[] | undefined): { where: Where[] | undefined; rawByHash: Map<string, string> } {
  const rawByHash = new Map<string, string>();
  if (!where) return { where, rawByHash };
  const hashOne = (raw: string) => {
    const hashed = hashSessionToken(raw);
    rawByHash.set(hashed, raw);
    return hashed;
  };
  const hashed = where.map((clause) => {
    if (clause.field !== TOKEN_FIELD) return clause;
    if (!HASHABLE_OPERATORS.has(clause.operator)) throw new Error(`session token: operator ${clause.operator} is not supported`);
    const { value } = clause;
    if (typeof value === 'string') return { ...clause, value: hashOne(value) };
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return { ...clause, value: value.map(hashOne) };
    throw new Error('session token: only string values can be matched');
  });
  return { where: hashed, rawByHash };
}

/** A row found by its raw token carries that token again, as Better Auth expects (it signs it into the cookie). */
function restoreToken<T>(row: T, rawByHash: Map<string, string>): T {
  if (!row || typeof row !== 'object') return row;
  const stored = (row as Row)[TOKEN_FIELD];
  const raw = typeof stored === 'string' ? rawByHash.get(stored) : undefined;
  return raw === undefined ? row : ({ ...row, [TOKEN_FIELD]: raw } as T);
}

function hashData<T extends Row>(data: T): { data: T; rawByHash: Map<string, string> } {
  const raw = data[TOKEN_FIELD];
  if (typeof raw !== 'string') return { data, rawByHash: new Map() };
  const hashed = hashSessionToken(raw);
  return { data: { ...data, [TOKEN_FIELD]: hashed }, rawByHash: new Map([[hashed, raw]]) };
}

function wrap<A extends DBTransactionAdapter>(inner: A): A {
  const isSession = (model: string) => model === SESSION_MODEL;
  const wrapped: DBTransactionAdapter = {
    ...inner,
    create: async (input) => {
      if (!isSession(input.model)) return inner.create(input);
      const { data, rawByHash } = hashData(input.data as Row);
      return restoreToken(await inner.create({ ...input, data: data as typeof input.data }), rawByHash);
    },
    findOne: async (input) => {
      if (!isSession(input.model)) return inner.findOne(input);
      const { where, rawByHash } = hashWhere(input.where);
      return restoreToken(await inner.findOne({ ...input, where: where ?? [] }), rawByHash);
    },
    findMany: async (input) => {
      if (!isSession(input.model)) return inner.findMany(input);
      const { where, rawByHash } = hashWhere(input.where);
      return (await inner.findMany({ ...input, where })).map((row) => restoreToken(row, rawByHash));
    },
    count: async (input) => (isSession(input.model) ? inner.count({ ...input, where: hashWhere(input.where).where }) : inner.count(input)),
    update: async (input) => {
      if (!isSession(input.model)) return inner.update(input);
      const { where, rawByHash } = hashWhere(input.where);
      const update = hashData(input.update);
      for (const [hashed, raw] of update.rawByHash) rawByHash.set(hashed, raw);
      return restoreToken(await inner.update({ ...input, where: where ?? [], update: update.data }), rawByHash);
    },
    updateMany: async (input) =>
      isSession(input.model)
        ? inner.updateMany({ ...input, where: hashWhere(input.where).where ?? [], update: hashData(input.update).data })
        : inner.updateMany(input),
    delete: async (input) =>
      isSession(input.model) ? inner.delete({ ...input, where: hashWhere(input.where).where ?? [] }) : inner.delete(input),
    deleteMany: async (input) =>
      isSession(input.model) ? inner.deleteMany({ ...input, where: hashWhere(input.where).where ?? [] }) : inner.deleteMany(input),
    consumeOne: async (input) => {
      if (!isSession(input.model)) return inner.consumeOne(input);
      const { where, rawByHash } = hashWhere(input.where);
      return restoreToken(await inner.consumeOne({ ...input, where: where ?? [] }), rawByHash);
    },
    incrementOne: async (input) => {
      if (!isSession(input.model)) return inner.incrementOne(input);
      const { where, rawByHash } = hashWhere(input.where);
      return restoreToken(await inner.incrementOne({ ...input, where: where ?? [] }), rawByHash);
    },
  };
  return wrapped as A;
}

/**
 * Better Auth's database adapter with session tokens stored hashed (Better Auth 1.7 has no option
 * for this): every session written keeps sha256(token) in `session.token`, every lookup, update or
 * delete by token hashes the token it is given, and rows found by a token carry the raw token back,
 * so Better Auth still signs the raw token into the cookie. A stored hash presented as a token is
 * hashed again and matches nothing. Transactions get the same wrapping.
 *
 * Rows listed without a token (by user) carry the hash; Better Auth's list-and-revoke endpoints are
 * not mounted here (sessions end by logout, by password reset and by expiry).
 */
export function withHashedSessionTokens(factory: AdapterFactory): AdapterFactory {
  return (options) => {
    const inner = factory(options);
    return {
      ...wrap(inner),
      transaction: (callback) => inner.transaction((trx) => callback(wrap(trx))),
    };
  };
}
