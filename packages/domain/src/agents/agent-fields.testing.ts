/** Test helpers for the agent fields (tests, fixtures and benches only; never in the app). */
import { passesLuhn } from './agent-fields';

/** The digits followed by their Luhn check digit ('04645428' → '046454286'): numbers for tests and fixtures. */
export function withLuhnCheckDigit(digits: string): string {
  for (let d = 0; d <= 9; d++) if (passesLuhn(`${digits}${d}`)) return `${digits}${d}`;
  throw new RangeError(`withLuhnCheckDigit: not digits: ${JSON.stringify(digits)}`);
}
