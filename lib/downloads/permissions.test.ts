import { describe, expect, it } from 'vitest';
import { audiencesFor, canDownload, type Viewer } from './permissions';

const viewer = (over: Partial<Viewer> = {}): Viewer => ({ registered: false, paid: false, organiser: false, ...over });

describe('who may download a material', () => {
  it('lets each audience in and keeps the one step short of it out', () => {
    expect(canDownload(viewer(), 'all')).toBe(true);
    expect(canDownload(viewer(), 'registrants')).toBe(false);
    expect(canDownload(viewer({ registered: true }), 'registrants')).toBe(true);
    expect(canDownload(viewer({ registered: true }), 'paid')).toBe(false);
    expect(canDownload(viewer({ registered: true, paid: true }), 'paid')).toBe(true);
    expect(canDownload(viewer({ organiser: true }), 'paid')).toBe(true);
    expect(canDownload(viewer({ registered: true, paid: true }), 'unknown')).toBe(false);
  });

  it('names the audiences for the query', () => {
    expect(audiencesFor(viewer())).toEqual(['all']);
    expect(audiencesFor(viewer({ registered: true }))).toEqual(['all', 'registrants']);
    expect(audiencesFor(viewer({ registered: true, paid: true }))).toEqual(['all', 'registrants', 'paid']);
  });
});
