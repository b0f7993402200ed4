import { pointerWithin, rectIntersection, type CollisionDetection } from '@dnd-kit/core';

/**
 * What the editor drags and where it drops, as dnd-kit ids: a session (`session:<id>`) onto a grid slot
 * (`slot:<roomId|all>:<minutes>`) or back among the unplaced (`unplaced-sessions`); a contribution (`contribution:<id>`)
 * onto a session in the grid (`into:<id>`), into the open session's list (`panel:<id>` or onto one of its items) or
 * back among the unplaced (`unplaced-contributions`).
 */
export type DragKind = 'session' | 'contribution';
export type DropTarget =
  | { type: 'slot'; roomId: number | null; minutes: number }
  | { type: 'unplaced-sessions' }
  | { type: 'unplaced-contributions' }
  | { type: 'into'; sessionId: number }
  | { type: 'panel'; sessionId: number }
  | { type: 'contribution'; id: number };

export const sessionDragId = (id: number) => `session:${id}`;
export const contributionDragId = (id: number) => `contribution:${id}`;
export const slotId = (roomId: number | null, minutes: number) => `slot:${roomId ?? 'all'}:${minutes}`;

export function parseDragId(id: string | number): { kind: DragKind; id: number } | null {
  const [kind, raw] = String(id).split(':');
  return kind === 'session' || kind === 'contribution' ? { kind, id: Number(raw) } : null;
}

export function parseDropId(id: string | number): DropTarget | null {
  const parts = String(id).split(':');
  switch (parts[0]) {
    case 'slot':
      return { type: 'slot', roomId: parts[1] === 'all' ? null : Number(parts[1]), minutes: Number(parts[2]) };
    case 'unplaced-sessions':
    case 'unplaced-contributions':
      return { type: parts[0] };
    case 'into':
    case 'panel':
      return { type: parts[0], sessionId: Number(parts[1]) };
    case 'contribution':
      return { type: 'contribution', id: Number(parts[1]) };
    default:
      return null;
  }
}

/** Only targets that take what is dragged; the items of a list before the list itself. */
export const programmeCollision: CollisionDetection = (args) => {
  const kind = args.active.data.current?.kind as DragKind | undefined;
  const droppableContainers = args.droppableContainers.filter((c) => c.data.current?.accepts === kind);
  const scoped = { ...args, droppableContainers };
  const hits = pointerWithin(scoped);
  const found = hits.length > 0 ? hits : rectIntersection(scoped);
  return [...found].sort((a, b) => Number(String(b.id).startsWith('contribution:')) - Number(String(a.id).startsWith('contribution:')));
};
