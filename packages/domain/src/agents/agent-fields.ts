/**
 * The checks an agent's identity fields pass, on the agent form (server and browser, through
 * `agentInputSchema`) and in the agent import alike: a Social Insurance Number, a phone number and a
 * date of birth. Each answers why a value is refused, or null. The domain has no clock: `today`
 * ('YYYY-MM-DD') is passed in (the server's `todayUtc`, the browser's UTC day).
 */
import { isValidIsoDate } from '../schemas/fields';

/** An agent is at least this many years old. */
export const AGENT_MIN_AGE_YEARS = 18;

/** The longest full name (users.name is varchar(255)). */
export const AGENT_NAME_MAX = 255;

export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;

/**
 * The Luhn check over a string of digits: from the right, every second digit is doubled (less 9 when
 * over 9), and the sum is a multiple of 10. False for an empty string or anything but digits.
 */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Digits of a SIN as typed: spaces and hyphens are separators ('046 454 286', '046-454-286'). */
const sinDigits = (value: string) => value.replace(/[ -]/g, '');

/**
 * Why `value` is not a Social Insurance Number, or null: 9 digits (spaces or hyphens between them
 * allowed) whose last is the Luhn check digit of the other eight.
 */
export function sinProblem(value: string, label = 'sin number'): string | null {
  const digits = sinDigits(value.trim());
  if (!/^\d{9}$/.test(digits)) return `The ${label} must be 9 digits (spaces or hyphens allowed).`;
  if (!passesLuhn(digits))
    return `The ${label} is not a valid Social Insurance Number (its check digit does not match).`;
  return null;
}

/**
 * Why `value` is not a phone number, or null: 10 to 15 digits, optionally a leading +, with spaces,
 * hyphens and parentheses between them ('+1 (416) 555-0100').
 */
export function phoneProblem(value: string, label = 'phone number'): string | null {
  const text = value.trim();
  const digits = text.replace(/\D/g, '').length;
  if (!/^\+?[\d ()-]+$/.test(text) || digits < PHONE_MIN_DIGITS || digits > PHONE_MAX_DIGITS)
    return `The ${label} must have ${PHONE_MIN_DIGITS} to ${PHONE_MAX_DIGITS} digits, optionally with +, spaces, hyphens and parentheses.`;
  return null;
}

/**
 * The latest date of birth of someone who is `years` old on `today`: the same day `years` earlier, or
 * the 28th when `today` is 29 February and that year has none.
 */
export function bornOnOrBefore(today: string, years = AGENT_MIN_AGE_YEARS): string {
  if (!isValidIsoDate(today)) throw new RangeError(`bornOnOrBefore: today is not a valid date: ${today}`);
  const year = String(Number(today.slice(0, 4)) - years).padStart(4, '0');
  const sameDay = `${year}${today.slice(4)}`;
  return isValidIsoDate(sameDay) ? sameDay : `${year}-02-28`;
}

/**
 * Why a valid 'YYYY-MM-DD' date of birth is refused on `today`, or null: it must be in the past and at
 * least {@link AGENT_MIN_AGE_YEARS} years ago.
 */
export function dateOfBirthProblem(value: string, today: string, label = 'date of birth'): string | null {
  if (value >= today) return `The ${label} must be a date in the past.`;
  const latest = bornOnOrBefore(today);
  if (value > latest)
    return `The agent must be at least ${AGENT_MIN_AGE_YEARS} years old: the ${label} must be on or before ${latest}.`;
  return null;
}
