/**
 * Text the PDF's standard Helvetica can print. The 14 standard PDF fonts are encoded in WinAnsi
 * (Windows-1252): Latin-1 plus a few typographic characters. pdfkit writes any other character as a
 * meaningless code, so a name with an emoji, CJK or Polish 'Ł' would print garbage: such characters are
 * transliterated where a plain Latin letter is obviously meant ('ő' → 'o', 'Ł' → 'L') and replaced by '?'
 * otherwise; control characters (a newline in a name) become spaces.
 */

/** Characters beyond Latin-1 that Windows-1252 (hence pdfkit's standard fonts) encodes. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Latin letters that Unicode does not decompose into a base letter and a mark. */
const LATIN_FALLBACKS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŋ: 'N',
  ŋ: 'n',
  Ŧ: 'T',
  ŧ: 't',
  ſ: 's',
  Ǝ: 'E',
  ǝ: 'e',
  ə: 'e',
  Ə: 'E',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '−': '-',
  '′': "'",
  '″': '"',
};

const isWinAnsi = (ch: string): boolean => {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(ch);
};

/** One character (a code point) as WinAnsi text: itself, its base letter(s), a fallback, or '?'. */
function transliterate(ch: string): string {
  if (isWinAnsi(ch)) return ch;
  const code = ch.codePointAt(0)!;
  if (code < 0x20 || (code >= 0x7f && code < 0xa0) || ch === '\u2028' || ch === '\u2029') return ' ';
  const fallback = LATIN_FALLBACKS[ch];
  if (fallback) return fallback;
  // 'ő' → 'o' + U+030B; 'ﬁ' → 'fi'; full-width 'Ａ' → 'A'. Keep the result only if all of it prints.
  const decomposed = ch.normalize('NFKD').replace(/\p{M}/gu, '');
  if (decomposed !== '' && decomposed !== ch && [...decomposed].every(isWinAnsi)) return decomposed;
  // A combining mark left alone (after a letter that printed) or a zero-width character: drop it.
  if (/^[\p{M}\p{Cf}]$/u.test(ch)) return '';
  return '?';
}

/** `text` with every character Helvetica (WinAnsi) cannot print transliterated or replaced. */
export function pdfSafeText(text: string): string {
  // NFC first so 'e' + combining acute is the one Latin-1 'é'.
  let out = '';
  for (const ch of text.normalize('NFC')) out += transliterate(ch);
  return out;
}
