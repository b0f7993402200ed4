// Test support: runs the reviewer sheet reader on hostile files inside a worker thread (started with
// resourceLimits by read-sheet.test.ts). For each request { bomb, args } it builds the file, then
// answers the error code, the time the reader took and how much the worker's heap grew meanwhile.
// A worker killed for memory answers nothing: the test sees it exit instead.
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
const { readReviewerSheet } = await tsImport('../reviewers/sheet.ts', import.meta.url);
const bombs = await tsImport('./testing-bombs.ts', import.meta.url);

// Warm up on small honest files, so loading and compiling the reader is not counted.
await readReviewerSheet(bombs.manyRows(5));
await readReviewerSheet(new TextEncoder().encode('email\na@example.org\n'));

parentPort.on('message', async ({ bomb, args }) => {
  const data = bombs[bomb](...args);
  gc();
  const heapBefore = getHeapStatistics().total_heap_size;
  const started = performance.now();
  let code = 'accepted';
  let rows = 0;
  try {
    rows = (await readReviewerSheet(data)).length;
  } catch (error) {
    code = error?.code ?? String(error);
  }
  const ms = performance.now() - started;
  const heapGrowthMb = (getHeapStatistics().total_heap_size - heapBefore) / 2 ** 20;
  parentPort.postMessage({ code, rows, bytes: data.length, ms, heapGrowthMb });
});
parentPort.postMessage('ready');
