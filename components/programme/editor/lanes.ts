/**
 * Side-by-side lanes for sessions that overlap in one room of the grid (a conflict the editor warns about): each
 * cluster of overlapping sessions of a column is split into as many lanes as it needs at its busiest, and each
 * session takes the first lane free at its start, so none hides another. Pure; minutes since midnight.
 */
export type LaneItem = { id: number; column: string; from: number; to: number };
export type Lane = { lane: number; lanes: number };

export function gridLanes(items: LaneItem[]): Map<number, Lane> {
  const result = new Map<number, Lane>();
  const byColumn = new Map<string, LaneItem[]>();
  for (const item of items) byColumn.set(item.column, [...(byColumn.get(item.column) ?? []), item]);
  for (const list of byColumn.values()) {
    list.sort((a, b) => a.from - b.from || a.to - b.to || a.id - b.id);
    let cluster: { item: LaneItem; lane: number }[] = [];
    let clusterEnd = -Infinity;
    const close = () => {
      const lanes = Math.max(0, ...cluster.map((c) => c.lane + 1));
      for (const c of cluster) result.set(c.item.id, { lane: c.lane, lanes });
      cluster = [];
    };
    for (const item of list) {
      if (item.from >= clusterEnd) close();
      // The first lane whose sessions have all ended by this one's start.
      let lane = 0;
      while (cluster.some((c) => c.lane === lane && c.item.to > item.from)) lane += 1;
      cluster.push({ item, lane });
      clusterEnd = Math.max(clusterEnd, item.to);
    }
    close();
  }
  return result;
}
