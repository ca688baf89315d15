import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bornOnOrBefore, dateOfBirthProblem, passesLuhn, phoneProblem, sinProblem } from './agent-fields';
import { withLuhnCheckDigit } from './agent-fields.testing';

describe('passesLuhn', () => {
  it('accepts the check digit of known numbers and refuses every other last digit', () => {
    // 046 454 286: the Government of Canada's sample SIN; 4111 1111 1111 1111: the test Visa number.
    for (const valid of ['046454286', '130692544', '193456787', '287654321', '4111111111111111', '0', '18']) {
      expect(passesLuhn(valid), valid).toBe(true);
      const last = Number(valid.at(-1));
      for (let d = 0; d <= 9; d++) {
        if (d !== last) expect(passesLuhn(`${valid.slice(0, -1)}${d}`), `${valid} with ${d}`).toBe(false);
      }
    }
  });

  it('doubles every second digit from the right, less 9 over 9', () => {
    // 5 9 → 5·2 − 9 + 9 = 1 + 9 = 10.
    expect(passesLuhn('59')).toBe(true);
    expect(passesLuhn('95')).toBe(false);
  });

  it('appends the one check digit that passes', () => {
    expect(withLuhnCheckDigit('04645428')).toBe('046454286');
    expect(withLuhnCheckDigit('10000000')).toBe('100000009');
    fc.assert(fc.property(fc.stringMatching(/^\d{1,20}$/), (digits) => passesLuhn(withLuhnCheckDigit(digits))));
    expect(() => withLuhnCheckDigit('12a')).toThrow(RangeError);
  });

  it('refuses what is not digits, and catches any one digit typed wrong', () => {
    for (const bad of ['', ' ', '04645428a', '046 454 286', '-46454286']) expect(passesLuhn(bad)).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 9 }), (at, plus) => {
        const digits = [...'046454286'].map(Number);
        digits[at] = (digits[at]! + plus) % 10;
        return !passesLuhn(digits.join(''));
      }),
    );
  });
});

describe('sinProblem', () => {
  it('accepts 9 digits passing Luhn, with spaces or hyphens', () => {
    for (const ok of ['046454286', '046 454 286', '046-454-286', ' 046454286 ', '0-4-6 4-5-4 2-8-6']) {
      expect(sinProblem(ok), ok).toBeNull();
    }
  });

  it('refuses another length or character, then a wrong check digit', () => {
    for (const bad of [
      '123',
      '04645428',
      '0464542860',
      '046.454.286',
      '046_454_286',
      'O46454286',
      '０４６４５４２８６',
    ]) {
      expect(sinProblem(bad), bad).toBe('The sin number must be 9 digits (spaces or hyphens allowed).');
    }
    expect(sinProblem('046454287')).toBe(
      'The sin number is not a valid Social Insurance Number (its check digit does not match).',
    );
    expect(sinProblem('123', 'SIN')).toBe('The SIN must be 9 digits (spaces or hyphens allowed).');
  });
});

describe('phoneProblem', () => {
  const message = 'The phone number must have 10 to 15 digits, optionally with +, spaces, hyphens and parentheses.';

  it('accepts 10 to 15 digits with a leading +, spaces, hyphens and parentheses', () => {
    for (const ok of [
      '4165550100',
      '416-555-0100',
      '(416) 555-0100',
      '+1 416 555 0100',
      '+44 20 7946 0958',
      '123456789012345',
    ]) {
      expect(phoneProblem(ok), ok).toBeNull();
    }
  });

  it('refuses fewer than 10 or more than 15 digits, and any other character', () => {
    for (const bad of [
      '555',
      '416555010',
      '1234567890123456',
      '416.555.0100',
      '416-555-0100 x12',
      '1+4165550100',
      '++14165550100',
      'tel:4165550100',
      '+',
      '',
    ]) {
      expect(phoneProblem(bad), bad).toBe(message);
    }
  });
});

describe('dateOfBirthProblem', () => {
  it('is the same day 18 years earlier, or 28 February for a 29 February', () => {
    expect(bornOnOrBefore('2026-05-01')).toBe('2008-05-01');
    expect(bornOnOrBefore('2028-02-29')).toBe('2010-02-28');
    expect(bornOnOrBefore('2024-02-29', 20)).toBe('2004-02-29');
    expect(() => bornOnOrBefore('2026-02-30')).toThrow(RangeError);
  });

  it('accepts someone 18 today or older; refuses today, the future and anyone younger', () => {
    const today = '2026-05-01';
    expect(dateOfBirthProblem('2008-05-01', today)).toBeNull();
    expect(dateOfBirthProblem('1900-01-01', today)).toBeNull();
    expect(dateOfBirthProblem('2008-05-02', today)).toBe(
      'The agent must be at least 18 years old: the date of birth must be on or before 2008-05-01.',
    );
    expect(dateOfBirthProblem('2026-04-30', today)).toMatch(/at least 18 years old/);
    expect(dateOfBirthProblem(today, today)).toBe('The date of birth must be a date in the past.');
    expect(dateOfBirthProblem('2030-01-01', today)).toBe('The date of birth must be a date in the past.');
    expect(dateOfBirthProblem('2030-01-01', today, 'birth date')).toBe('The birth date must be a date in the past.');
  });
});
