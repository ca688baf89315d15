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

/**
 * Reformats what someone typed towards the format: upper-cases, inserts the literal characters
 * (hyphens and the like) where the format has them, and drops characters that fit no slot. Stops at
 * the format's length. 'ac123456' with 'AC-000000' becomes 'AC-123456'.
 */
export function formatBookingReference(format: string | null | undefined, raw: string): string {
  const input = raw.toUpperCase();
  if (!format) return input;
  let out = '';
  let i = 0;
  for (let f = 0; f < format.length && i < input.length; f++) {
    const slot = format[f]!;
    if (!isSlot(slot)) {
      out += slot;
      if (input[i] === slot) i++;
      continue;
    }
    // Skip typed characters that cannot fill this slot (stray separators, wrong kind).
    while (i < input.length && !accepts(slot, input[i]!)) i++;
    if (i >= input.length) break;
    out += input[i]!;
    i++;
  }
  return out;
}

/** 'Format should match: {format}' (transactions) — the same mask serves bookings and transactions. */
export const formatMismatchMessage = (format: string) => `Format should match: ${format}`;
