import { localized, type Locale, type LocalizedText } from '@/lib/i18n/localized';

/** A session/theme row as stored. */
export type SessionRow = { id: number; parentId: number | null; name: LocalizedText; prefix: string; sortOrder: number };
/** A session with its sub-sessions, each level in its order. */
export type SessionNode = SessionRow & { children: SessionNode[] };
/** A session in reading order (parents before children) with its depth (0 = top level) and its path of names. */
export type FlatSession = SessionRow & { depth: number; path: LocalizedText[] };

const byOrder = (a: SessionRow, b: SessionRow) => a.sortOrder - b.sortOrder || a.id - b.id;

/**
 * The rows as a tree, each level sorted by its order (then id). A row whose parent is missing (or
 * that sits in a loop) is left out rather than shown in the wrong place.
 */
export function buildSessionTree(rows: SessionRow[]): SessionNode[] {
  const nodes = new Map<number, SessionNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const top: SessionNode[] = [];
  for (const node of [...nodes.values()].sort(byOrder)) {
    if (node.parentId === null) top.push(node);
    else nodes.get(node.parentId)?.children.push(node);
  }
  return top;
}

/** The tree in reading order, each session with its depth and the names leading to it. */
export function flattenSessions(tree: SessionNode[]): FlatSession[] {
  const out: FlatSession[] = [];
  const walk = (nodes: SessionNode[], depth: number, path: LocalizedText[]) => {
    for (const { children, ...row } of nodes) {
      const own = [...path, row.name];
      out.push({ ...row, depth, path: own });
      walk(children, depth + 1, own);
    }
  };
  walk(tree, 0, []);
  return out;
}

/** A session's full name in one language: "Physics / Optics". */
export function sessionPathLabel(session: Pick<FlatSession, 'path'>, locale: Locale): string {
  return session.path.map((name) => localized(name, locale)).join(' / ');
}
