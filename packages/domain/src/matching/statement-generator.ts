/**
 * Labelled supplier statements (issue 24 §1 "Measured"): from real bookings, the statement a supplier would
 * send, with the noise real statements carry, each line labelled with the bookings it truly pays. The
 * suggestions are measured on them (precision at the auto-accept threshold, recall among the top three).
 * Deterministic: the same bookings, seed and size give the same lines.
 */
import type { Cents } from '../money/money';
import { addDays } from '../commission/iso-date';
import { isAutoAccept, type CandidateBooking } from './suggestion-score';

export interface LabelledBooking extends CandidateBooking {
  id: number;
  supplier_id: number;
}

/** How the line's reference was written. */
export const REFERENCE_NOISES = [
  'clean',
  'no_separators',
  'spaces_and_case',
  'leading_zeros_lost',
  'one_typo',
  'transposed',
  'two_typos',
  'look_alike',
  'surname_as_reference',
  'inside_text',
  'unknown_booking',
  'two_bookings',
] as const;
export type ReferenceNoise = (typeof REFERENCE_NOISES)[number];

/** How the line's amount relates to the gross. */
export const AMOUNT_NOISES = ['gross', 'bank_fee', 'conversion', 'commission'] as const;
export type AmountNoise = (typeof AMOUNT_NOISES)[number];

/** The share of lines of each kind (each mix adds up to 1). */
export interface NoiseMix {
  reference: Record<ReferenceNoise, number>;
  amount: Record<AmountNoise, number>;
}

export const DEFAULT_NOISE_MIX: NoiseMix = {
  reference: {
    clean: 0.3,
    no_separators: 0.1,
    spaces_and_case: 0.1,
    leading_zeros_lost: 0.04,
    one_typo: 0.1,
    transposed: 0.08,
    two_typos: 0.04,
    look_alike: 0.05,
    surname_as_reference: 0.04,
    inside_text: 0.05,
    unknown_booking: 0.05,
    two_bookings: 0.05,
  },
  amount: { gross: 0.75, bank_fee: 0.12, conversion: 0.08, commission: 0.05 },
};

export interface StatementLineLabelled {
  supplier_id: number;
  reference: string;
  customer_name: string | null;
  amount: Cents;
  date: string;
  /** The bookings the line truly pays: none for a booking the agency never recorded. */
  truth: number[];
  reference_noise: ReferenceNoise;
  amount_noise: AmountNoise;
}

/** mulberry32: a small, fast, seedable generator (uniform in [0, 1)). */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
  };
}
type Random = ReturnType<typeof seededRandom>;

function drawKind<K extends string>(rnd: Random, shares: Record<K, number>): K {
  let x = rnd.next();
  const keys = Object.keys(shares) as K[];
  for (const k of keys) {
    x -= shares[k];
    if (x < 0) return k;
  }
  return keys[keys.length - 1]!;
}

const ALNUM = 'ABCDEFGHJKLMNPQRTUVWXYZ23456789';

/** One character replaced by another of the same kind (a digit by a digit), at a random place. */
function typo(rnd: Random, s: string): string {
  const places = [...s].map((c, i) => (/[A-Za-z0-9]/.test(c) ? i : -1)).filter((i) => i >= 0);
  if (places.length === 0) return s;
  const i = rnd.pick(places);
  const c = s[i]!;
  const pool = /\d/.test(c) ? '0123456789' : ALNUM.replace(/\d/g, '');
  let r = c;
  while (r.toUpperCase() === c.toUpperCase()) r = pool[rnd.int(pool.length)]!;
  return s.slice(0, i) + r + s.slice(i + 1);
}

/** Two neighbouring letters or digits swapped (when they differ). */
function transpose(rnd: Random, s: string): string {
  const places = [...s.slice(0, -1)].map((c, i) =>
    /[A-Za-z0-9]/.test(c) && /[A-Za-z0-9]/.test(s[i + 1]!) && c !== s[i + 1] ? i : -1,
  );
  const ok = places.filter((i) => i >= 0);
  if (ok.length === 0) return typo(rnd, s);
  const i = rnd.pick(ok);
  return s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
}

/** A digit written as its look-alike letter (0→O, 1→I, 5→S, 8→B). */
function lookAlike(rnd: Random, s: string): string {
  const swap: Record<string, string> = { '0': 'O', '1': 'I', '5': 'S', '8': 'B' };
  const places = [...s].map((c, i) => (swap[c] ? i : -1)).filter((i) => i >= 0);
  if (places.length === 0) return typo(rnd, s);
  const i = rnd.pick(places);
  return s.slice(0, i) + swap[s[i]!] + s.slice(i + 1);
}

const surnameAndFirst = (customer: string) => {
  const [family, given] = customer.includes(',') ? customer.split(',', 2) : [customer, ''];
  return `${family!.trim()} ${given!.trim()}`.trim().toUpperCase();
};

function writeReference(rnd: Random, kind: ReferenceNoise, b: LabelledBooking): string {
  const ref = b.booking_reference;
  switch (kind) {
    case 'no_separators':
      return ref.replace(/[^A-Za-z0-9]/g, '');
    case 'spaces_and_case':
      return ` ${ref.toLowerCase().replace(/-/g, ' ')} `;
    case 'leading_zeros_lost':
      return /^0/.test(ref) ? ref.replace(/^0+/, '') : ref.replace(/-/g, '');
    case 'one_typo':
      return typo(rnd, ref);
    case 'transposed':
      return transpose(rnd, ref);
    case 'two_typos':
      return typo(rnd, typo(rnd, ref));
    case 'look_alike':
      return lookAlike(rnd, ref);
    case 'surname_as_reference':
      return surnameAndFirst(b.customer_name);
    case 'inside_text':
      return `INV ${1000 + rnd.int(9000)} ${ref} ${surnameAndFirst(b.customer_name).split(' ')[0]}`;
    default:
      return ref;
  }
}

function writeAmount(rnd: Random, kind: AmountNoise, b: LabelledBooking): Cents {
  switch (kind) {
    case 'bank_fee':
      return (b.gross - BigInt(500 + rnd.int(2000))) as Cents; // 5.00–24.99
    case 'conversion': {
      const bp = BigInt(20 + rnd.int(130)) * (rnd.next() < 0.5 ? -1n : 1n); // ±0.2–1.5 %
      return (b.gross + (b.gross * bp) / 10_000n) as Cents;
    }
    case 'commission':
      return b.expected_commission;
    default:
      return b.gross;
  }
}

/**
 * `count` statement lines over `bookings` (positive gross), each for a booking drawn at random (a line that
 * pays two takes two of the same supplier). A line for a booking never recorded copies a real one's shape
 * with a reference no booking has. Customer names are on the line only for part of the suppliers' style.
 */
export function generateStatement(
  bookings: readonly LabelledBooking[],
  seed: number,
  count: number,
  mix: NoiseMix = DEFAULT_NOISE_MIX,
): StatementLineLabelled[] {
  const rnd = seededRandom(seed);
  const usable = bookings.filter((b) => b.gross > 0n);
  const bySupplier = new Map<number, LabelledBooking[]>();
  for (const b of usable) {
    const list = bySupplier.get(b.supplier_id) ?? [];
    list.push(b);
    bySupplier.set(b.supplier_id, list);
  }
  const lines: StatementLineLabelled[] = [];
  for (let n = 0; n < count; n++) {
    const b = rnd.pick(usable);
    const reference_noise = drawKind(rnd, mix.reference);
    const amount_noise = drawKind(rnd, mix.amount);
    const date = addDays(b.booking_date, 20 + rnd.int(120));
    const withName = rnd.next() < 0.3;
    if (reference_noise === 'unknown_booking') {
      lines.push({
        supplier_id: b.supplier_id,
        reference: `${b.booking_reference.slice(0, 2)}${900000 + rnd.int(99999)}X`,
        customer_name: withName ? `Unknown ${ALNUM[rnd.int(ALNUM.length)]}` : null,
        amount: writeAmount(rnd, amount_noise, b),
        date,
        truth: [],
        reference_noise,
        amount_noise,
      });
      continue;
    }
    if (reference_noise === 'two_bookings') {
      const peers = (bySupplier.get(b.supplier_id) ?? []).filter((o) => o.id !== b.id);
      if (peers.length > 0) {
        const o = rnd.pick(peers);
        lines.push({
          supplier_id: b.supplier_id,
          reference: `${b.booking_reference}/${o.booking_reference}`,
          customer_name: null,
          amount: (b.gross + o.gross) as Cents,
          date,
          truth: [b.id, o.id].sort((x, y) => x - y),
          reference_noise,
          amount_noise: 'gross',
        });
        continue;
      }
    }
    lines.push({
      supplier_id: b.supplier_id,
      reference: writeReference(rnd, reference_noise, b),
      customer_name: withName ? b.customer_name : null,
      amount: writeAmount(rnd, amount_noise, b),
      date,
      truth: [b.id],
      reference_noise,
      amount_noise,
    });
  }
  return lines;
}

/** One ranked suggestion for a line: the bookings it would match (one, or several for a split) and its score. */
export interface RankedSuggestion {
  booking_ids: number[];
  score: number;
}

export interface SuggestionQuality {
  lines: number;
  /** Lines whose best suggestion would be accepted at once (isAutoAccept at the threshold). */
  auto_accepted: number;
  auto_correct: number;
  /** auto_correct / auto_accepted (1 when none). */
  precision: number;
  /** Lines with a truth (a recorded booking) whose exact set is among the top three suggestions. */
  recall_top3: number;
  with_truth: number;
  found_top3: number;
  /** Lines with no truth that got a suggestion at the threshold (the worst mistake). */
  false_auto_on_unknown: number;
}

/** Whether two lists of booking ids hold the same ids (each list's ids are distinct). */
const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Precision at the auto-accept threshold and recall among the top three, over labelled lines. */
export function measureSuggestions(
  lines: readonly StatementLineLabelled[],
  suggest: (line: StatementLineLabelled) => RankedSuggestion[],
  threshold: number,
): SuggestionQuality {
  let autoAccepted = 0;
  let autoCorrect = 0;
  let withTruth = 0;
  let found = 0;
  let falseOnUnknown = 0;
  for (const line of lines) {
    const ranked = suggest(line);
    const best = ranked[0];
    if (best && isAutoAccept(ranked, threshold)) {
      autoAccepted++;
      if (sameSet(best.booking_ids, line.truth)) autoCorrect++;
      else if (line.truth.length === 0) falseOnUnknown++;
    }
    if (line.truth.length > 0) {
      withTruth++;
      if (ranked.slice(0, 3).some((s) => sameSet(s.booking_ids, line.truth))) found++;
    }
  }
  return {
    lines: lines.length,
    auto_accepted: autoAccepted,
    auto_correct: autoCorrect,
    precision: autoAccepted === 0 ? 1 : autoCorrect / autoAccepted,
    recall_top3: withTruth === 0 ? 1 : found / withTruth,
    with_truth: withTruth,
    found_top3: found,
    false_auto_on_unknown: falseOnUnknown,
  };
}
