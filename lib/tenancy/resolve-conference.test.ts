import { describe, expect, it } from 'vitest';
import { normaliseHost } from './resolve-conference';

describe('normaliseHost', () => {
  it('lower-cases and drops the port', () => {
    expect(normaliseHost('Demo.LOCALHOST:3000')).toBe('demo.localhost');
    expect(normaliseHost('[::1]:3000')).toBe('[::1]');
    expect(normaliseHost('conf.example.org')).toBe('conf.example.org');
    expect(normaliseHost(null)).toBe('');
  });
});
