/**
 * A text import file (CSV or TXT) read as rows of cells: its encoding (UTF-8 with or without BOM, UTF-16
 * with or without BOM, Windows-1252) and its separator (comma, semicolon or tab).
 */
import Papa from 'papaparse';
import { isBlankImportLine } from './import-rows';

/** Looks for UTF-16 without a BOM: text of mostly ASCII has a NUL in every other byte. */
function utf16WithoutBom(b: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(b.length - (b.length % 2), 2000);
  if (n < 4) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (b[i] === 0) evenNul++;
    if (b[i + 1] === 0) oddNul++;
  }
  const pairs = n / 2;
  if (oddNul > pairs * 0.6 && evenNul < pairs * 0.1) return 'utf-16le';
  if (evenNul > pairs * 0.6 && oddNul < pairs * 0.1) return 'utf-16be';
  return null;
}

/**
 * Decodes a text file: BOM first (UTF-8, UTF-16 LE/BE), then BOM-less UTF-16, then strict UTF-8,
 * and Windows-1252 when the bytes are not UTF-8 (a '£' saved by Excel on Windows is 0xA3).
 * Returns null for binary content (NUL characters after decoding).
 */
export function decodeTextFile(b: Uint8Array): string | null {
  let encoding = 'utf-8';
  let offset = 0;
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) offset = 3;
  else if (b[0] === 0xff && b[1] === 0xfe) [encoding, offset] = ['utf-16le', 2];
  else if (b[0] === 0xfe && b[1] === 0xff) [encoding, offset] = ['utf-16be', 2];
  else encoding = utf16WithoutBom(b) ?? 'utf-8';
  const body = b.subarray(offset);
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(body);
  } catch {
    if (encoding !== 'utf-8') return null;
    text = new TextDecoder('windows-1252').decode(body);
  }
  return text.includes('\u0000') ? null : text;
}

/**
 * The field separator: semicolon or tab when every one of the first non-empty lines has one,
 * otherwise comma (the spec's format).
 */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const lines = text
    .split(/\r\n|\n|\r/, 200)
    .filter((l) => l.trim() !== '')
    .slice(0, 20);
  if (lines.length === 0) return ',';
  if (lines.every((l) => l.includes(';'))) return ';';
  if (lines.every((l) => l.includes('\t'))) return '\t';
  return ',';
}

/** The text read at a time, so that reading can stop early (rows across two chunks are read whole). */
export const TEXT_CHUNK_CHARS = 65_536;

/**
 * Splits delimited text into rows of cells (RFC 4180 quotes; blank lines kept so row numbers are lines).
 * Reading stops at the first non-blank line past `maxRows` non-blank ones (that line is the last row
 * returned, and `overLimit` says so), so a file too long to import is known to be without reading all of it.
 */
export function splitDelimitedText(
  text: string,
  maxRows = Number.POSITIVE_INFINITY,
): { rows: string[][]; overLimit: boolean } {
  const rows: string[][] = [];
  let nonBlank = 0;
  // A string is read synchronously, chunk by chunk, even with the callbacks of a file's streaming.
  Papa.parse<string[]>(text, {
    delimiter: detectDelimiter(text),
    header: false,
    skipEmptyLines: false,
    dynamicTyping: false,
    chunkSize: TEXT_CHUNK_CHARS,
    chunk: ({ data }: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
      for (const row of data) {
        rows.push(row);
        if (!isBlankImportLine(row) && ++nonBlank > maxRows) return parser.abort();
      }
    },
    complete: () => undefined,
  });
  return { rows, overLimit: nonBlank > maxRows };
}
