import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  namesSurname,
  statementSurnameKeys,
  suggestionReferenceKey,
  referenceDistance,
  referenceEvidence,
  surnameKey,
} from './reference-similarity';

describe('suggestionReferenceKey (issue 24 §1): DOMAIN.md matches on trim + case only; a suggestion reads more', () => {
  it.each([
    ['AC-604417', 'AC604417'],
    [' ac 604417 ', 'AC604417'],
    ['AC/604.417', 'AC604417'],
    ['0040221958', '40221958'],
    ['SW0O11873', '5W0011873'],
    ['TSRF2026', 'T5RF2026'],
    ['Évian-12', 'EV1AN12'],
    ['000', '0'],
    ['---', ''],
  ])('%s → %s', (raw, normal) => expect(suggestionReferenceKey(raw)).toBe(normal));

  it('reads look-alikes the same way on both sides', () => {
    expect(suggestionReferenceKey('BAKT-229O')).toBe(suggestionReferenceKey('8AKT2290'));
    expect(suggestionReferenceKey('SW4471208')).toBe(suggestionReferenceKey('5W447I2O8'));
  });

  it('is idempotent, and never longer than the input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const n = suggestionReferenceKey(s);
        expect(suggestionReferenceKey(n)).toBe(n);
        expect(n.length).toBeLessThanOrEqual(s.normalize('NFKD').length);
      }),
    );
  });
});

describe('referenceDistance', () => {
  it.each([
    ['AC604417', 'AC604417', 0],
    ['AC604417', 'AC604471', 1], // two neighbours swapped
    ['AC604417', 'AC60441', 1], // one missing
    ['AC604417', 'AC6044177', 1], // one extra
    ['AC604417', 'AC704418', 2],
    ['AC604417', 'XY123456', 3], // capped at max + 1
  ])('%s ~ %s: %i', (a, b, d) => expect(referenceDistance(a, b)).toBe(d));

  it('is symmetric and 0 only for equal strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        expect(referenceDistance(a, b)).toBe(referenceDistance(b, a));
        expect(referenceDistance(a, b) === 0).toBe(a === b);
      }),
    );
  });
});

describe('referenceEvidence: why a statement line may be a booking, in words', () => {
  it('says what differs when the references normalise alike', () => {
    expect(referenceEvidence('AC604417', 'AC-604417')).toEqual({
      kind: 'same',
      reason: 'reference AC-604417 ≈ AC604417 (hyphen)',
    });
    expect(referenceEvidence(' tsq 7q2k9l', 'TS7Q2K9L')).toMatchObject({ kind: 'near' });
    expect(referenceEvidence('ts7q2k9l ', 'TS7Q2K9L')).toEqual({
      kind: 'same',
      reason: 'reference TS7Q2K9L ≈ ts7q2k9l (case)',
    });
    expect(referenceEvidence('40221958', '0040221958')?.reason).toBe('reference 0040221958 ≈ 40221958 (leading zeros)');
    expect(referenceEvidence('SW44712O8', 'SW4471208')?.reason).toBe(
      'reference SW4471208 ≈ SW44712O8 (look-alike characters)',
    );
    expect(referenceEvidence('AC604417', 'AC604417')).toEqual({ kind: 'same', reason: 'reference AC604417' });
  });

  it('finds a reference one or two characters off, but not on short references', () => {
    expect(referenceEvidence('AC604471', 'AC-604417')).toEqual({
      kind: 'near',
      distance: 1,
      reason: 'reference AC-604417 ≈ AC604471 (1 character differs)',
    });
    expect(referenceEvidence('AC704418', 'AC604417')).toMatchObject({ kind: 'near', distance: 2 });
    expect(referenceEvidence('AC714428', 'AC604417')).toBeNull();
    expect(referenceEvidence('J2-88', 'J2-89')).toBeNull();
  });

  it('finds the booking reference inside a longer text', () => {
    // A word of the text is the reference: the strongest evidence, said of that word.
    expect(referenceEvidence('INV 2026/11 AC-604417 MARTIN', 'AC604417')).toEqual({
      kind: 'same',
      reason: 'reference AC604417 ≈ AC-604417 (hyphen)',
    });
    expect(referenceEvidence('AC 604417 Martin', 'AC604417')).toMatchObject({ kind: 'same' });
    expect(referenceEvidence('INVAC604417X', 'AC604417')).toEqual({
      kind: 'contained',
      reason: "reference AC604417 inside 'INVAC604417X'",
    });
    expect(referenceEvidence('PAYMENT J2-881 OCT', 'J2-881')).toMatchObject({ kind: 'same' });
    expect(referenceEvidence('PAYMENTJ2881OCT', 'J2-881')).toBeNull(); // too short to look for inside a word
  });

  it('gives nothing for empty references', () => {
    expect(referenceEvidence('', 'AC604417')).toBeNull();
    expect(referenceEvidence('---', '---')).toBeNull();
  });
});

describe('surnames', () => {
  it.each([
    ['Martin, Claire', 'MARTIN'],
    ['Claire Martin', 'MARTIN'],
    ['Côté, Mathieu', 'COTE'],
    ["O'Brien, Pat", 'OBRIEN'],
    ['Cher', 'CHER'],
    ['X', ''],
    ['', ''],
  ])('%s → %s', (name, key) => expect(surnameKey(name)).toBe(key));

  it('finds the surname as a word of a statement text, accents and case folded', () => {
    expect(namesSurname('COTE M', 'COTE')).toBe(true);
    expect(namesSurname('Mme Côté', 'COTE')).toBe(true);
    expect(namesSurname('COTELETTE', 'COTE')).toBe(false);
    expect(namesSurname('anything', '')).toBe(false);
  });
});

describe('statementSurnameKeys', () => {
  it('takes every word of the customer column and the words alone of the reference text', () => {
    expect(statementSurnameKeys({ reference: 'TUI 40219940 FORTIN', customer_name: null })).toEqual(['TUI', 'FORTIN']);
    expect(statementSurnameKeys({ reference: 'VOUCHER', customer_name: 'DUBOIS/ANNE' })).toEqual([
      'DUBOIS',
      'ANNE',
      'VOUCHER',
    ]);
    expect(statementSurnameKeys({ reference: "Côté O'Brien", customer_name: '' })).toEqual(['COTE', 'OBRIEN']);
    expect(statementSurnameKeys({ reference: 'CV93092011 DES-63129405 ZGT9R4', customer_name: undefined })).toEqual([]);
  });
});
