import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | undefined;

/**
 * A full garbage collection, now. For long streamed work that makes much short-lived garbage (exceljs
 * builds objects for every cell it writes): V8 lets such garbage pile up in the old generation before it
 * collects, so the process's memory climbs by a hundred MB or more although the live heap stays small.
 * Collecting between batches keeps the resident size near the live heap. `--expose-gc` is turned on the
 * first time (it only makes `gc` callable; it changes nothing else).
 */
export function collectGarbage(): void {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as () => void;
  }
  gc();
  usedAfterLast = v8.getHeapStatistics().used_heap_size;
}

let usedAfterLast = 0;

/** `collectGarbage` once the heap in use has grown by `growthBytes` since the last collection (cheap to ask). */
export function collectGarbageIfGrown(growthBytes = 48 * 1024 * 1024): void {
  if (v8.getHeapStatistics().used_heap_size - usedAfterLast > growthBytes) collectGarbage();
}
