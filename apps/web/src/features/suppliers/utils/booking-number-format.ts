/**
 * Supplier booking number formats (spec: X = letter or digit, 0 = digit only, A = letter only,
 * any other character literal). This module only explains a format to the person typing it.
 */

export const BOOKING_FORMAT_HINT =
  'X = letter or digit, 0 = digit, A = letter; any other character is used as is. Leave empty for no format.';

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '1234567890';

/** A reference that matches the format, e.g. 'AA-0000' → 'AB-1234', 'XXX0' → 'A1B2'. Empty for an empty format. */
export function exampleBookingNumber(format: string): string {
  let letter = 0;
  let digit = 0;
  let mixed = 0;
  const nextLetter = () => LETTERS[letter++ % LETTERS.length] ?? 'A';
  const nextDigit = () => DIGITS[digit++ % DIGITS.length] ?? '1';
  return Array.from(format.trim())
    .map((char) => {
      if (char === 'A') return nextLetter();
      if (char === '0') return nextDigit();
      if (char === 'X') return mixed++ % 2 === 0 ? nextLetter() : nextDigit();
      return char;
    })
    .join('');
}
