import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { programmeRoom, programmeSession } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { lockProgramme } from './lock';
import { ZRoomInput, ZRoomOrder, type RoomInput } from './schemas';

/** The rooms of the programme: the timetable's columns, in `sortOrder`. */

export async function createRoom(db: DB, conferenceId: number, raw: RoomInput): Promise<{ id: number }> {
  const input = ZRoomInput.parse(raw);
  return db.transaction(async (tx) => {
    await lockProgramme(tx, conferenceId);
    const [row] = await tx
      .insert(programmeRoom)
      .values({
        conferenceId,
        name: input.name,
        capacity: input.capacity,
        sortOrder: sql`(select coalesce(max(${programmeRoom.sortOrder}), 0) + 10 from ${programmeRoom}
          where ${programmeRoom.conferenceId} = ${conferenceId})`,
      })
      .returning({ id: programmeRoom.id });
    return { id: row.id };
  });
}

export async function updateRoom(db: DB, conferenceId: number, roomId: number, raw: RoomInput): Promise<{ id: number }> {
  const input = ZRoomInput.parse(raw);
  return db.transaction(async (tx) => {
    await lockProgramme(tx, conferenceId);
    const rows = await tx
      .update(programmeRoom)
      .set({ name: input.name, capacity: input.capacity })
      .where(and(eq(programmeRoom.id, roomId), eq(programmeRoom.conferenceId, conferenceId)))
      .returning({ id: programmeRoom.id });
    if (rows.length === 0) throw new AppError('PROGRAMME_ROOM_NOT_FOUND');
    return { id: roomId };
  });
}

/** Puts the rooms in the order given; the list must name every room of the conference once. */
export async function reorderRooms(db: DB, conferenceId: number, raw: { ids: number[] }): Promise<{ ids: number[] }> {
  const { ids } = ZRoomOrder.parse(raw);
  return db.transaction(async (tx) => {
    await lockProgramme(tx, conferenceId);
    const rooms = await tx.select({ id: programmeRoom.id }).from(programmeRoom).where(eq(programmeRoom.conferenceId, conferenceId));
    const known = new Set(rooms.map((r) => r.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || !ids.every((id) => known.has(id))) {
      throw new AppError('PROGRAMME_ROOM_ORDER_INVALID');
    }
    for (const [i, id] of ids.entries()) {
      await tx
        .update(programmeRoom)
        .set({ sortOrder: (i + 1) * 10 })
        .where(and(eq(programmeRoom.id, id), eq(programmeRoom.conferenceId, conferenceId)));
    }
    return { ids };
  });
}

/** Deletes a room no session uses (placed or waiting with it). */
export async function deleteRoom(db: DB, conferenceId: number, roomId: number): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await lockProgramme(tx, conferenceId);
    const [used] = await tx
      .select({ n: count() })
      .from(programmeSession)
      .where(and(eq(programmeSession.conferenceId, conferenceId), inArray(programmeSession.roomId, [roomId])));
    if (used.n > 0) throw new AppError('PROGRAMME_ROOM_IN_USE', { count: used.n });
    const rows = await tx
      .delete(programmeRoom)
      .where(and(eq(programmeRoom.id, roomId), eq(programmeRoom.conferenceId, conferenceId)))
      .returning({ id: programmeRoom.id });
    if (rows.length === 0) throw new AppError('PROGRAMME_ROOM_NOT_FOUND');
    return { id: roomId };
  });
}
