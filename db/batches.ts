/**
 * Work asked for at once, done in batches (group commit): per database and key (a conference), one batch at a time, in
 * the order asked; while one runs the next gathers, up to `max`. A quiet server runs each item alone, at once; a rush
 * costs the database one round of statements per batch instead of one per item. `run` settles the items it is given
 * (each carries its own resolve and reject); if it throws, every item of its batch not yet settled is rejected with that.
 */
export function batches<Db extends object, Item extends { reject: (error: unknown) => void }>(
  run: (db: Db, key: number, batch: Item[]) => Promise<void>,
  max: number,
) {
  const queues = new WeakMap<Db, Map<number, { waiting: Item[]; running: boolean }>>();
  return function add(db: Db, key: number, item: Item): void {
    let byKey = queues.get(db);
    if (!byKey) queues.set(db, (byKey = new Map()));
    let queue = byKey.get(key);
    if (!queue) byKey.set(key, (queue = { waiting: [], running: false }));
    queue.waiting.push(item);
    if (queue.running) return;
    const running = queue;
    running.running = true;
    void (async () => {
      try {
        while (running.waiting.length) {
          const batch = running.waiting.splice(0, max);
          await run(db, key, batch).catch((error: unknown) => {
            for (const item of batch) item.reject(error);
          });
        }
      } finally {
        running.running = false;
        if (!running.waiting.length) byKey.delete(key);
      }
    })();
  };
}
