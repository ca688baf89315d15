import fc from 'fast-check';
import { describe, it } from 'vitest';
import type { Cents } from '../money/money';
import { applyPercent, type Percent } from '../money/percent';
import { absB, centsArb, deepRuns, percentArb, sign, sumB } from '../money/test-arbitraries';
import { computeCommissionLines } from './commission-lines';
import { resolveBookingRate } from './resolve-rate';

const GST = 50_000n as Percent; // 5%

const linesFor = (gross: Cents, r: Percent, s: Percent) =>
  computeCommissionLines({
    gross,
    rate: resolveBookingRate({
      direct: { percent: 0n as Percent, source: 'none' },
      link: {
        parent_agent_id: 1,
        split_percentage: s,
        supplier_in_link: true,
        parentRate: { percent: r, source: 'agent_rule' },
      },
    }),
    primaryAgentId: 1,
    subAgentId: 2,
    gstRate: GST,
    agentsWithGst: new Set([1, 2]),
    bookingStatus: 'confirmed',
  });

describe('commission line properties', () => {
  it('a split never pays a party more than the whole, sums exactly to the expected commission, and mirrors for refunds', () => {
    fc.assert(
      fc.property(centsArb, percentArb, percentArb, (gross, r, s) => {
        const expected = applyPercent(gross, r);
        if (absB(expected) > absB(gross) || sign(expected) * sign(gross) < 0) return false;
        const lines = linesFor(gross, r, s);
        if (lines.length > 0 && sumB(lines.map((l) => l.amount)) !== expected) return false;
        for (const l of lines) {
          if (absB(l.amount) > absB(expected) || sign(l.amount) * sign(gross) < 0) return false;
          if (l.total_with_gst !== l.amount + l.gst_amount) return false;
        }
        const refund = linesFor(-gross as Cents, r, s);
        return (
          refund.length === lines.length &&
          lines.every((l, i) => {
            const m = refund[i];
            return (
              m !== undefined && m.agent_id === l.agent_id && m.amount === -l.amount && m.gst_amount === -l.gst_amount
            );
          })
        );
      }),
      { numRuns: deepRuns(250_000) },
    );
  });
});
