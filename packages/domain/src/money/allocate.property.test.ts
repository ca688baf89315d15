import fc from 'fast-check';
import { describe, it } from 'vitest';
import { allocate, allocateByWeights } from './allocate';
import { absB, centsArb, deepRuns, linePercentsArb, sign, sumB, weightsArb } from './test-arbitraries';

describe('allocation properties', () => {
  it('parts always sum to the whole; no part exceeds it or has the opposite sign', () => {
    fc.assert(
      fc.property(centsArb, weightsArb, linePercentsArb, (total, weights, percents) => {
        for (const parts of [allocateByWeights(total, weights), allocate(total, percents)]) {
          if (sumB(parts) !== total) return false;
          for (const p of parts) if (absB(p) > absB(total) || sign(p) * sign(total) < 0) return false;
        }
        return true;
      }),
      { numRuns: deepRuns(250_000) },
    );
  });
});
