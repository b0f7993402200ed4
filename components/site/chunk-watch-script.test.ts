import { describe, expect, it } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, chunkWatchScript } from './chunk-watch-script';

describe('the chunk-load watcher script', () => {
  it('is valid JavaScript with the spec’s 120 s limit (§9)', () => {
    const script = chunkWatchScript(CHUNK_LOAD_TIMEOUT_MS, '页面部分内容加载失败', 'Reload');
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    expect(() => new Function(script)).not.toThrow();
    expect(script).toContain('setTimeout(show,120000)');
  });

  it('cannot end its script element, whatever the texts say', () => {
    const script = chunkWatchScript(1, '</script><script>alert(1)</script>', 'x');
    expect(script).not.toContain('</script');
    expect(() => new Function(script)).not.toThrow();
  });
});
