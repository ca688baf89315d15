import { describe, expect, it } from 'vitest';
import { cents, type Cents } from '../money/money';
import { rankCreditsForBooking, scoreSuggestion, type CandidateBooking, type StatementLine } from './suggestion-score';

const booking: CandidateBooking = {
  booking_reference: 'AC-604417',
  customer_name: 'Martin, Claire',
  booking_date: '2026-09-14',
  gross: cents(126500),
  expected_commission: cents(94875),
};
const line = (over: Partial<StatementLine>): StatementLine => ({
  reference: 'AC604417',
  amount: cents(126500),
  date: '2026-11-09',
  ...over,
});

describe('scoreSuggestion (issue 24 §1): points from evidence, each said in words', () => {
  it('scores the same reference with the same amount highest', () => {
    expect(scoreSuggestion(line({}), booking)).toEqual({
      score: 100,
      reasons: ['reference AC-604417 ≈ AC604417 (hyphen)', 'amount equal'],
    });
  });

  it('adds up a near reference, the surname and an amount net of a bank fee', () => {
    expect(scoreSuggestion(line({ reference: 'AC604471 MARTIN', amount: cents(125500) }), booking)).toEqual({
      score: 45 + 20 + 15 + 5,
      reasons: [
        'reference AC-604417 ≈ AC604471 (1 character differs)',
        'surname Martin',
        'amount within 2 % of the gross',
      ],
    });
  });

  it('finds a line by the surname alone in the reference field, and counts the commission paid instead', () => {
    expect(scoreSuggestion(line({ reference: 'CLAIRE MARTIN', amount: cents(94875) }), booking)).toEqual({
      score: 20 + 10 + 5,
      reasons: ['surname Martin', 'amount equal to the commission'],
    });
  });

  it('suggests nothing on an amount alone, and marks money that came before the booking', () => {
    expect(scoreSuggestion(line({ reference: 'ZZ999999' }), booking)).toBeNull();
    expect(scoreSuggestion(line({ date: '2026-09-01' }), booking)).toEqual({
      score: 80,
      reasons: ['reference AC-604417 ≈ AC604417 (hyphen)', 'amount equal', 'paid 13 days before the booking date'],
    });
  });

  it('keeps the tolerance exact and per supplier', () => {
    const within = scoreSuggestion(line({ amount: cents(123970) }), booking); // 2.0 % short exactly
    expect(within?.reasons).toContain('amount within 2 % of the gross');
    const beyond = scoreSuggestion(line({ amount: cents(123969) }), booking);
    expect(beyond?.reasons).toEqual(['reference AC-604417 ≈ AC604417 (hyphen)']);
    const wider = scoreSuggestion(line({ amount: cents(123969) }), booking, {
      tolerance_bp: 500,
      date_window_days: 400,
    });
    expect(wider?.reasons).toContain('amount within 5 % of the gross');
  });
});

describe('rankCreditsForBooking', () => {
  it("ranks a booking's candidate credits best first, leaving those nothing but the amount points at", () => {
    const b = {
      booking_reference: 'AC-604417',
      customer_name: 'Martin, Claire',
      booking_date: '2026-03-01',
      gross: 126_500n as Cents,
      expected_commission: 0n as Cents,
    };
    const line = (reference: string, amount: bigint) => ({ reference, amount: amount as Cents, date: '2026-04-01' });
    const ranked = rankCreditsForBooking(b, [
      line('AC 604418', 126_500n),
      line('WIRE 1234', 126_500n),
      line('ac604417 martin', 126_500n),
    ]);
    expect(ranked.map((r) => [r.credit.reference, r.score])).toEqual([
      ['ac604417 martin', 100],
      ['AC 604418', 75],
    ]);
  });
});
