import { describe, expect, it } from 'vitest';
import { scoreColor } from './suggestion-score';

describe('scoreColor', () => {
  it.each([
    [100, true, 'green'],
    // A clear match is green whatever its number; the number alone never makes it green.
    [55, true, 'green'],
    [100, false, 'yellow'],
    [60, false, 'yellow'],
    [59, false, 'gray'],
    [0, false, 'gray'],
  ] as const)('score %i, auto_accept %s → %s', (score, auto_accept, color) => {
    expect(scoreColor({ score, auto_accept })).toBe(color);
  });
});
