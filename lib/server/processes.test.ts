import { describe, expect, it } from 'vitest';
import { serverProcesses } from './processes';

describe('serverProcesses', () => {
  it('runs one process on the embedded database, whatever WEB_CONCURRENCY says', () => {
    expect(serverProcesses({}, 8)).toBe(1);
    expect(serverProcesses({ DATABASE_URL: '', WEB_CONCURRENCY: '4' }, 8)).toBe(1);
  });

  it('runs one process per core on PostgreSQL, or WEB_CONCURRENCY', () => {
    const url = 'postgres://127.0.0.1/confhub';
    expect(serverProcesses({ DATABASE_URL: url }, 2)).toBe(2);
    expect(serverProcesses({ DATABASE_URL: url, WEB_CONCURRENCY: '3' }, 2)).toBe(3);
    expect(serverProcesses({ DATABASE_URL: url, WEB_CONCURRENCY: '1' }, 8)).toBe(1);
    expect(serverProcesses({ DATABASE_URL: url, WEB_CONCURRENCY: 'lots' }, 4)).toBe(4);
    expect(serverProcesses({ DATABASE_URL: url, WEB_CONCURRENCY: '0' }, 0)).toBe(1);
  });
});
