import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { collectGarbage, collectGarbageIfGrown } from './heap';

const used = () => v8.getHeapStatistics().used_heap_size;
const MB = 1024 * 1024;

/** Garbage in the old generation: about `mb` MB of strings kept long enough to be promoted, then dropped. */
function makeGarbage(mb: number): number {
  const kept: string[][] = [];
  for (let i = 0; i < mb * 16; i++) kept.push(Array.from({ length: 1024 }, (_, j) => `${i}:${j}`));
  return kept.length;
}

describe('collectGarbage', () => {
  it('collects once the heap in use has grown past the limit, and not before', () => {
    collectGarbage();
    const base = used();
    collectGarbageIfGrown(1024 * MB); // far from the limit: nothing collected
    makeGarbage(64);
    const grown = used();
    expect(grown - base).toBeGreaterThan(32 * MB);
    collectGarbageIfGrown(1024 * MB);
    expect(used()).toBeGreaterThanOrEqual(grown - 8 * MB);
    collectGarbageIfGrown(16 * MB);
    expect(used()).toBeLessThan(base + 16 * MB);
  });
});
