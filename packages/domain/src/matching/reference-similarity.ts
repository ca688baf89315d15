/**
 * Match suggestions (issue 24 §1), the reference evidence: how a supplier statement's reference text relates
 * to a booking reference, in words an admin can check. DOMAIN.md "Matching" matches on the reference trimmed
 * and case-insensitive only; a suggestion looks further, and says why:
 * - the same reference once both are normalised ({@link suggestionReferenceKey}: case, spaces, hyphens and other
 *   separators, accents, leading zeros, and the look-alike characters O/0, I/1, S/5, B/8);
 * - one or two characters apart (Damerau–Levenshtein on the normalised forms: a mistyped, missing, extra or
 *   transposed character), for references of at least {@link MIN_NEAR_LENGTH} characters;
 * - the booking reference inside a longer statement text ('INV AC604417 MARTIN').
 * Pure: the server finds the candidates (an index on the normalised reference, trigrams) and ranks them with this.
 */

/** Look-alike characters a statement confuses, read as the digit (both sides are read the same way). */
const LOOK_ALIKES: Readonly<Record<string, string>> = { O: '0', I: '1', S: '5', B: '8' };

/**
 * Accented Latin letters and the letter each is read as: an explicit table rather than Unicode decomposition,
 * so PostgreSQL's `translate()` reads a reference exactly as this module does (the server's
 * `suggestion_reference_key()` is built from these two strings).
 */
export const ACCENTED_LETTERS = 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöøùúûüýÿ';
export const UNACCENTED_LETTERS = 'AAAAAACEEEEIIIINOOOOOOUUUUYaaaaaaceeeeiiiinoooooouuuuyy';
const ACCENT_MAP = new Map([...ACCENTED_LETTERS].map((c, i) => [c, UNACCENTED_LETTERS[i]!]));

const stripAccents = (s: string) => s.replace(/[\u0080-\uffff]/g, (c) => ACCENT_MAP.get(c) ?? c);
const readLookAlikes = (s: string) => s.replace(/[OISB]/g, (ch) => LOOK_ALIKES[ch]!);

/** References shorter than this (normalised) are only ever equal or contained, never "near": too many collide. */
export const MIN_NEAR_LENGTH = 5;
/** A booking reference shorter than this (normalised) is not looked for inside a longer text. */
export const MIN_CONTAINED_LENGTH = 6;
/** The most characters two references may differ by and still be suggested. */
export const MAX_REFERENCE_DISTANCE = 2;

/**
 * The reference as the suggestions compare it: letters without accents in upper case and digits only, look-alike
 * letters read as digits, leading zeros dropped. 'ac-6o4417 ' → 'AC604417'; '00412' → '412'.
 */
export function suggestionReferenceKey(raw: string): string {
  const plain = stripAccents(raw)
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase();
  return readLookAlikes(plain).replace(/^0+(?=.)/, '');
}

/**
 * The Damerau–Levenshtein distance (optimal string alignment: insert, delete, substitute, swap two neighbours)
 * between `a` and `b`, or `max + 1` as soon as it is known to exceed `max`.
 */
export function referenceDistance(a: string, b: string, max = MAX_REFERENCE_DISTANCE): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    rows.push(row);
  }
  return Math.min(rows[a.length]![b.length]!, max + 1);
}

export type ReferenceEvidence =
  | { kind: 'same'; reason: string }
  | { kind: 'near'; distance: number; reason: string }
  | { kind: 'contained'; reason: string };

/**
 * The steps of {@link suggestionReferenceKey}, in its order, each named as an admin would say what differed.
 * Applied in turn to both sides they end at the normalised forms.
 */
const STEPS: readonly (readonly [name: string, step: (s: string) => string])[] = [
  ['spaces', (s) => s.replace(/\s/g, '')],
  ['hyphen', (s) => s.replace(/-/g, '')],
  ['accents', stripAccents],
  ['separators', (s) => s.replace(/[^\p{L}\p{N}]/gu, '')],
  ['case', (s) => s.toUpperCase()],
  ['look-alike characters', readLookAlikes],
  ['leading zeros', (s) => s.replace(/^0+(?=.)/, '')],
];

/** What normalising changed between two references that normalise alike, in words ('hyphen', 'case'). */
function differences(statement: string, booking: string): string[] {
  const out: string[] = [];
  let a = statement.trim();
  let b = booking.trim();
  for (const [name, step] of STEPS) {
    if (a === b) break;
    const [na, nb] = [step(a), step(b)];
    if (na !== a || nb !== b) out.push(name);
    [a, b] = [na, nb];
  }
  return out;
}

/**
 * How the statement's reference text relates to the booking reference, or null when it does not (equal,
 * near or contained, in that order of strength). The reason names both as written.
 */
export function referenceEvidence(statementText: string, bookingReference: string): ReferenceEvidence | null {
  let best: ReferenceEvidence | null = null;
  const b = suggestionReferenceKey(bookingReference);
  if (b === '') return null;
  for (const part of keyedParts(statementText)) {
    const found = partEvidence(part, statementText, bookingReference, b);
    if (found && (best === null || strength(found) > strength(best))) best = found;
  }
  return best;
}

const strength = (e: ReferenceEvidence): number =>
  e.kind === 'same' ? 4 : e.kind === 'contained' ? 3 : MAX_REFERENCE_DISTANCE + 1 - e.distance;

/**
 * Where a reference may sit in a statement's text: the whole text, each word (between spaces, commas,
 * semicolons, slashes, '+' or '&'), and each two neighbouring words ('AC 604417 MARTIN' holds 'AC 604417').
 */
function referenceParts(text: string): string[] {
  const words = text
    .trim()
    .split(/[\s,;/+&]+/)
    .filter(Boolean);
  const parts = new Set([text]);
  for (let i = 0; i < words.length; i++) {
    parts.add(words[i]!);
    if (i + 1 < words.length) parts.add(`${words[i]} ${words[i + 1]}`);
  }
  return [...parts];
}

/**
 * The parts of the last statement text asked about, with their keys: a line is compared with each of its
 * supplier's candidates in turn, so its parts are read once, not once per candidate.
 */
let lastParts: { text: string; parts: { text: string; key: string }[] } | null = null;
function keyedParts(text: string): { text: string; key: string }[] {
  if (lastParts?.text !== text)
    lastParts = { text, parts: referenceParts(text).map((p) => ({ text: p, key: suggestionReferenceKey(p) })) };
  return lastParts.parts;
}

/**
 * The keys under which a statement's reference text may name a booking: the key of the whole text, of each
 * word and of each two neighbouring words (the server looks each up among the supplier's bookings).
 */
export function statementReferenceKeys(text: string): string[] {
  return [...new Set(keyedParts(text).map((p) => p.key))].filter((k) => k !== '');
}

/** {@link referenceEvidence} of one part of the statement's text (`whole`, as the reasons quote it; `b` the booking's key). */
function partEvidence(
  part: { text: string; key: string },
  whole: string,
  bookingReference: string,
  b: string,
): ReferenceEvidence | null {
  const statementText = part.text;
  const s = part.key;
  if (s === '') return null;
  const shown = `${bookingReference.trim()} ≈ ${statementText.trim()}`;
  if (s === b) {
    const what = differences(statementText, bookingReference);
    return {
      kind: 'same',
      reason: what.length ? `reference ${shown} (${what.join(', ')})` : `reference ${bookingReference.trim()}`,
    };
  }
  if (b.length >= MIN_NEAR_LENGTH && s.length >= MIN_NEAR_LENGTH) {
    const distance = referenceDistance(s, b);
    if (distance <= MAX_REFERENCE_DISTANCE)
      return {
        kind: 'near',
        distance,
        reason: `reference ${shown} (${distance === 1 ? '1 character differs' : `${distance} characters differ`})`,
      };
  }
  if (b.length >= MIN_CONTAINED_LENGTH && s.length > b.length && s.includes(b))
    return { kind: 'contained', reason: `reference ${bookingReference.trim()} inside '${whole.trim()}'` };
  return null;
}

/**
 * The family name of a customer as the booking form stores it ('Martin, Claire' or 'Claire Martin'), folded
 * for comparison: accents from the same table as the references, upper case, letters A–Z only. '' when there
 * is none of at least 2 letters. The server's `suggestion_surname_key()` (drizzle/0026) is the same function,
 * stored per booking so a line naming only the customer finds its candidates.
 */
export function surnameKey(customerName: string): string {
  const key = foldName(familyName(customerName));
  return key.length >= 2 ? key : '';
}

/**
 * A name as surnames compare: accents from the table, then letters A–Z only, then upper case (in that order,
 * as PostgreSQL's translate, regexp_replace and upper do it: 'ß' is dropped, not read as 'SS').
 */
const foldName = (s: string) =>
  stripAccents(s)
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase();

/** The words of a text as surnames compare them (see {@link surnameKey}). */
const nameWords = (text: string) =>
  stripAccents(text)
    .split(/[^A-Za-z]+/)
    .map((w) => w.toUpperCase())
    .filter((w) => w.length >= 2);

/**
 * The surname keys a statement line may name its customer by, looked up among its supplier's bookings by their
 * stored surname key: each word of its customer column, and each word of its reference text that is a word
 * alone ('TUI 40219940 FORTIN' gives TUI and FORTIN; 'CV93092011' or 'DES-63129405', a reference's prefix,
 * gives none). The scoring still reads every word (namesSurname).
 */
export function statementSurnameKeys(line: { reference: string; customer_name?: string | null }): string[] {
  const fromReference = line.reference
    .split(/[\s,;/+&]+/)
    .map(stripAccents)
    .filter((w) => /^[A-Za-z'’.-]+$/.test(w))
    .map(foldName)
    .filter((w) => w.length >= 2);
  return [...new Set([...nameWords(line.customer_name ?? ''), ...fromReference])];
}

/** The family name as a booking stores it: before the comma ('Martin, Claire'), else the last word ('Claire Martin'). */
export function familyName(customerName: string): string {
  const name = customerName.trim();
  return name.includes(',') ? name.slice(0, name.indexOf(',')).trim() : (name.split(/\s+/).at(-1) ?? '');
}

/** Whether a statement text (a customer column, or a reference field holding the name) names this surname. */
export function namesSurname(text: string, surname: string): boolean {
  if (surname === '') return false;
  if (lastWords?.text !== text) lastWords = { text, words: new Set(nameWords(text)) };
  return lastWords.words.has(surname);
}
/** The words of the last text asked about (as {@link keyedParts}: one line, many candidates). */
let lastWords: { text: string; words: Set<string> } | null = null;
