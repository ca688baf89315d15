import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepRuns } from '../money/test-arbitraries';
import { formatBookingReference, matchesBookingFormat } from './booking-format';

describe('matchesBookingFormat', () => {
  it.each([
    ['AC-000000', 'AC-123456', true],
    ['AC-000000', 'AC-12345', false], // length must match
    ['AC-000000', 'AC-12345A', false], // 0 is a digit
    ['AC-000000', 'AB-123456', false], // literal
    ['TSXXXXXX', 'TS1A2B3C', true],
    ['BAAA-0000', 'BAXY-1234', true],
    ['BAAA-0000', 'BA1Y-1234', false], // A is a letter
    [null, 'ANYTHING-1', true],
    ['', 'ANYTHING-1', true],
  ])('%s ~ %s → %s', (format, value, expected) => {
    expect(matchesBookingFormat(format, value)).toBe(expected);
  });
});

describe('formatBookingReference', () => {
  it.each([
    ['AC-000000', 'ac123456', 'AC-123456'],
    ['AC-000000', 'AC-123456', 'AC-123456'],
    ['BAAA-0000', 'baxy1234', 'BAXY-1234'],
    ['SW0000000', 'sw12', 'SW12'], // partial input stays partial
    ['XX-000000', 'ac', 'AC'], // no literal is added before anything follows it
    ['XX-000000', 'ac1', 'AC-1'],
    ['AC-000000', 'a1', 'AC-1'], // 'C' is a literal too
    [null, 'abc-1', 'ABC-1'],
  ])('%s with %s → %s', (format, raw, expected) => {
    expect(formatBookingReference(format, raw)).toBe(expected);
  });

  // Issue 19 item 13: the mask inserted, replaced, dropped and cut; it may now only insert literals and
  // upper-case, and what does not fit stays as typed (and does not match: 'Format should match: …').
  it.each([
    ['XX-000000', 'XX-ABCDEF', 'XX-ABCDEF'],
    ['XX-000000', 'ÀC-123456', 'ÀC-123456'],
    ['XX-000000', 'AC-1234567', 'AC-1234567'],
    ['XX-000000', 'ac 12-34/56', 'AC 12-34/56'],
    ['XX-000000', 'AB_123456', 'AB_123456'], // no hyphen forced in before a character that is not a digit
    ['XX-000000', 'straße', 'STRAßE'], // 'ß' is not made 'SS'
  ])('%s with %s keeps every typed character: %s, which does not match', (format, raw, expected) => {
    const out = formatBookingReference(format, raw);
    expect(out).toBe(expected);
    expect(matchesBookingFormat(format, out)).toBe(false);
  });
});

const FORMATS = ['XX-000000', 'AC-000000', 'BAAA-0000', 'SW0000000', 'TSXXXXXX', '00/AA.XX', 'A-0-X'];
const typedChar = fc.oneof(
  fc.constantFrom(...'aAcCxX0123456789-/. _ßÀéñ'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
);

describe('formatBookingReference properties', () => {
  const isSubsequence = (needle: readonly string[], hay: readonly string[]) => {
    let i = 0;
    for (const ch of hay) if (i < needle.length && ch === needle[i]) i++;
    return i === needle.length;
  };
  const upperAscii = (ch: string) => (/^[a-z]$/.test(ch) ? ch.toUpperCase() : ch);

  it("keeps every typed character in order (only ASCII letters upper-cased); adds only the format's literals", () => {
    fc.assert(
      fc.property(fc.constantFrom(...FORMATS), fc.array(typedChar, { maxLength: 14 }), (format, chars) => {
        const raw = chars.join('');
        const typed = [...raw].map(upperAscii);
        const out = [...formatBookingReference(format, raw)];
        if (!isSubsequence(typed, out)) return false;
        // What was added: literal characters of the format, and no more characters than the format has.
        const literals = [...format].filter((c) => !'X0A'.includes(c));
        const added = [...out];
        for (const ch of typed) added.splice(added.indexOf(ch), 1);
        return added.every((c) => literals.includes(c)) && added.length <= literals.length;
      }),
      { numRuns: deepRuns(50_000) },
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FORMATS), fc.array(typedChar, { maxLength: 14 }), (format, chars) => {
        const once = formatBookingReference(format, chars.join(''));
        return formatBookingReference(format, once) === once;
      }),
      { numRuns: deepRuns(50_000) },
    );
  });

  it('leaves a reference that matches the format as it is, and completes one typed without its separators', () => {
    const DIGITS = '0123456789';
    const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const matching = fc
      .constantFrom(...FORMATS)
      .chain((format) =>
        fc
          .tuple(
            ...[...format].map((slot) =>
              slot === '0'
                ? fc.constantFrom(...DIGITS)
                : slot === 'A'
                  ? fc.constantFrom(...LETTERS)
                  : slot === 'X'
                    ? fc.constantFrom(...DIGITS, ...LETTERS)
                    : fc.constant(slot),
            ),
          )
          .map((chars) => ({ format, value: chars.join('') })),
      );
    fc.assert(
      fc.property(matching, ({ format, value }) => {
        expect(matchesBookingFormat(format, value)).toBe(true);
        expect(formatBookingReference(format, value)).toBe(value);
        // Typed without the separator literals ('-', '/', '.'); a letter literal such as 'B' is typed.
        const bare = [...value].filter((_, i) => /[A-Z0-9]/.test(format[i]!)).join('');
        expect(formatBookingReference(format, bare.toLowerCase())).toBe(value);
      }),
      { numRuns: deepRuns(20_000) },
    );
  });
});
