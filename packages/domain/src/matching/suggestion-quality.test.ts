import { describe, expect, it } from 'vitest';
import { addDays } from '../commission/iso-date';
import type { Cents } from '../money/money';
import {
  generateStatement,
  measureSuggestions,
  seededRandom,
  type LabelledBooking,
  type StatementLineLabelled,
} from './statement-generator';
import { DEFAULT_AUTO_ACCEPT_SCORE, rankSuggestions } from './suggestion-score';

/**
 * Issue 24 §1 "Measured": on a fixed seed, the suggestions' precision at the default auto-accept threshold
 * stays at or above 99.5 % and the right bookings are among the top three for at least 90 % of the lines
 * (a line paying two bookings counts only when the suggested pair is exactly them). The bookings are made
 * here in the demo suppliers' reference formats, with a realistic share of common surnames.
 */
const FORMATS = ['AC-000000', 'SW0000000', 'TSXXXXXX', 'BAAA-0000', '00000000', 'J2-00000'];
const SURNAMES = [
  'Martin',
  'Tremblay',
  'Roy',
  'Gagnon',
  'Côté',
  'Bouchard',
  'Smith',
  'Brown',
  'Wilson',
  'Taylor',
  'Singh',
  'Chen',
  'Patel',
  'Lavoie',
  'Fortin',
  'Leblanc',
  'Dubois',
  'Evans',
  'Bergeron',
  'Moreau',
  'Nguyen',
  'Ali',
];
const GIVEN = [
  'Claire',
  'Jacques',
  'Élise',
  'Marc',
  'Julie',
  'Emma',
  'Oliver',
  'Sophie',
  'Priya',
  'Wei',
  'Ravi',
  'Anne',
];

function reference(rnd: ReturnType<typeof seededRandom>, format: string): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  return [...format]
    .map((c) =>
      c === '0'
        ? String(rnd.int(10))
        : c === 'A'
          ? letters[rnd.int(24)]
          : c === 'X'
            ? rnd.next() < 0.5
              ? String(rnd.int(10))
              : letters[rnd.int(24)]
            : c,
    )
    .join('');
}

function makeBookings(seed: number, perSupplier: number): LabelledBooking[] {
  const rnd = seededRandom(seed);
  const out: LabelledBooking[] = [];
  FORMATS.forEach((format, s) => {
    const seen = new Set<string>();
    while (seen.size < perSupplier) {
      const ref = reference(rnd, format);
      if (seen.has(ref)) continue;
      seen.add(ref);
      const gross = BigInt(5000 + rnd.int(300000)) as Cents;
      out.push({
        id: out.length + 1,
        supplier_id: s + 1,
        booking_reference: ref,
        customer_name: `${rnd.pick(SURNAMES)}, ${rnd.pick(GIVEN)}`,
        booking_date: addDays('2026-01-01', rnd.int(300)),
        gross,
        expected_commission: ((gross * BigInt(50 + rnd.int(30))) / 100n) as Cents,
      });
    }
  });
  return out;
}

const bookings = makeBookings(11, 400);
const bySupplier = new Map<number, LabelledBooking[]>();
for (const b of bookings) {
  const list = bySupplier.get(b.supplier_id) ?? [];
  list.push(b);
  bySupplier.set(b.supplier_id, list);
}
const suggest = (line: StatementLineLabelled) =>
  rankSuggestions(line, bySupplier.get(line.supplier_id) ?? []).map((r) => ({
    booking_ids: r.bookings.map((b) => b.id),
    score: r.score,
  }));

describe('suggestion quality on labelled statements (issue 24 §1)', () => {
  it('is deterministic by seed', () => {
    expect(generateStatement(bookings, 5, 50)).toEqual(generateStatement(bookings, 5, 50));
    expect(generateStatement(bookings, 5, 50)).not.toEqual(generateStatement(bookings, 6, 50));
  });

  it('keeps precision ≥ 99.5 % at the default threshold and recall ≥ 90 % in the top three, on a held-out seed', () => {
    const lines = generateStatement(bookings, 20261127, 1000);
    const q = measureSuggestions(lines, suggest, DEFAULT_AUTO_ACCEPT_SCORE);
    expect(q.precision, JSON.stringify(q)).toBeGreaterThanOrEqual(0.995);
    expect(q.recall_top3, JSON.stringify(q)).toBeGreaterThanOrEqual(0.9);
    expect(q.auto_accepted).toBeGreaterThan(lines.length / 3);
  });
});
