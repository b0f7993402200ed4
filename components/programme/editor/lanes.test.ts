import { describe, expect, it } from 'vitest';
import { gridLanes } from './lanes';

describe('gridLanes', () => {
  it('gives two sessions overlapping in one room a lane each, and a later one in the same room the whole width', () => {
    const lanes = gridLanes([
      { id: 1, column: '2', from: 600, to: 690 },
      { id: 2, column: '2', from: 630, to: 720 },
      { id: 3, column: '2', from: 720, to: 780 },
    ]);
    expect(lanes.get(1)).toEqual({ lane: 0, lanes: 2 });
    expect(lanes.get(2)).toEqual({ lane: 1, lanes: 2 });
    expect(lanes.get(3)).toEqual({ lane: 0, lanes: 1 });
  });

  it('reuses a lane once its session has ended, and leaves other rooms alone', () => {
    const lanes = gridLanes([
      { id: 1, column: '2', from: 540, to: 600 },
      { id: 2, column: '2', from: 540, to: 720 },
      { id: 3, column: '2', from: 600, to: 660 },
      { id: 4, column: '3', from: 540, to: 720 },
    ]);
    expect(lanes.get(1)).toEqual({ lane: 0, lanes: 2 });
    expect(lanes.get(2)).toEqual({ lane: 1, lanes: 2 });
    expect(lanes.get(3)).toEqual({ lane: 0, lanes: 2 });
    expect(lanes.get(4)).toEqual({ lane: 0, lanes: 1 });
  });
});
