/**
 * Supplier booking number formats (spec: X = letter or digit, 0 = digit only, A = letter only, any
 * other character literal; the length must match).
 */
const accepts = (slot: string, ch: string): boolean => {
  if (slot === 'X') return /^[A-Z0-9]$/.test(ch);
  if (slot === '0') return /^[0-9]$/.test(ch);
  if (slot === 'A') return /^[A-Z]$/.test(ch);
  return ch === slot;
};

const isSlot = (c: string) => c === 'X' || c === '0' || c === 'A';

/** True when `value` fits `format` exactly. An empty or missing format accepts anything. */
export function matchesBookingFormat(format: string | null | undefined, value: string): boolean {
  if (!format) return true;
  if (value.length !== format.length) return false;
  for (let i = 0; i < format.length; i++) if (!accepts(format[i]!, value[i]!)) return false;
  return true;
}

/** An ASCII letter in upper case; every other character as typed (so no character becomes two, as 'ß' would). */
const upper = (ch: string) => (ch >= 'a' && ch <= 'z' ? ch.toUpperCase() : ch);

/**
 * Reformats what someone typed towards the format, as a mask that never rewrites the typing: it upper-cases
 * ASCII letters and inserts the format's literal characters (hyphens and the like) where the typing goes on
 * with a character for the slot after them. It never replaces, drops or cuts a typed character: from the
 * first one that fits no slot (or goes past the format's length) the rest is kept as typed, and
 * `matchesBookingFormat` then says it does not match ('Format should match: …').
 * 'ac123456' with 'AC-000000' becomes 'AC-123456'; 'XX-ABCDEF' with 'XX-000000' stays 'XX-ABCDEF'.
 */
export function formatBookingReference(format: string | null | undefined, raw: string): string {
  const input = [...raw].map(upper);
  if (!format) return input.join('');
  const slots = [...format];
  let out = '';
  let i = 0;
  let f = 0;
  while (f < slots.length && i < input.length) {
    const slot = slots[f]!;
    const ch = input[i]!;
    if (accepts(slot, ch)) {
      out += ch;
      i++;
      f++;
      continue;
    }
    if (isSlot(slot)) break;
    // A literal the typing left out: inserted only when the typed character fills the slot after the literals.
    let next = f;
    while (next < slots.length && !isSlot(slots[next]!)) next++;
    if (next === slots.length || !accepts(slots[next]!, ch)) break;
    out += slots.slice(f, next).join('');
    f = next;
  }
  return out + input.slice(i).join('');
}

/** 'Format should match: {format}' (transactions) — the same mask serves bookings and transactions. */
export const formatMismatchMessage = (format: string) => `Format should match: ${format}`;
