/**
 * A spreadsheet upload (xlsx, xls) read as rows of cells within limits: the file's magic bytes, the zip
 * container checked from its declared sizes before anything is inflated, and the first sheet cut to its
 * real cells. The transaction and agent imports both read spreadsheets through here.
 */
import type { WorkSheet } from '@e965/xlsx';

/**
 * Limits of a spreadsheet upload (README "Limits"): a 10 MB xlsx may not unpack to more than
 * {@link SPREADSHEET_MAX_UNPACKED_BYTES} in all, nor any large entry inflate more than
 * {@link SPREADSHEET_MAX_RATIO} times; a sheet may not hold more than {@link SPREADSHEET_MAX_ROWS} rows
 * or {@link SPREADSHEET_MAX_CELLS} cells. A 1 MB zip bomb inflating to 1 GiB is refused from its
 * central directory, before one byte is inflated.
 */
export const SPREADSHEET_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
export const SPREADSHEET_MAX_RATIO = 100;
/** Entries below this size are not held to the ratio (a tiny XML part may compress very well). */
const RATIO_FLOOR_BYTES = 1024 * 1024;
/** More rows than a 10 MB CSV can hold (about 400,000). */
export const SPREADSHEET_MAX_ROWS = 500_000;
export const SPREADSHEET_MAX_CELLS = 5_000_000;
export const SPREADSHEET_TOO_LARGE = 'The file is too large to read once unpacked.';

export type Magic = 'zip' | 'ole2' | 'png' | 'jpeg' | 'gif' | 'pdf' | null;

/** Recognises the binary containers a spreadsheet or a misnamed upload starts with. */
export function sniffMagic(b: Uint8Array): Magic {
  const starts = (...sig: number[]) => sig.every((v, i) => b[i] === v);
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'zip';
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return 'ole2';
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'gif';
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'pdf';
  return null;
}

export type SpreadsheetRefusal = { ok: false; reason: 'too-large' | 'unreadable' };
/** `bytes` are what the reader gets: the same array, or a copy whose local headers carry the declared sizes. */
export type ArchiveVerdict = { ok: true; bytes: Uint8Array } | SpreadsheetRefusal;

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EXTRA = 0x0001;

/**
 * Checks a zip container (xlsx) from its declared sizes, without inflating anything: the End Of
 * Central Directory record, then every central entry and its local header, walked exactly as
 * SheetJS walks them (the last EOCD signature, the count and offset it reads; the local header's
 * sizes, which SheetJS trusts). Refused as too large: a total over the limit, a large entry over the
 * ratio, ZIP64. Refused as unreadable: encryption, a method other than stored or deflate, a local
 * header that disagrees with its central entry, offsets outside the file. An entry streamed with a
 * data descriptor (bit 3, sizes 0 in its local header, as streaming writers do) is read with its
 * declared sizes patched into a copy, so the reader never allocates more than was checked.
 */
export function inspectSpreadsheetArchive(bytes: Uint8Array): ArchiveVerdict {
  const tooLarge: SpreadsheetRefusal = { ok: false, reason: 'too-large' };
  const unreadable: SpreadsheetRefusal = { ok: false, reason: 'unreadable' };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  // The last signature in the file, as SheetJS looks for it.
  let end = bytes.length - 4;
  while (end >= 0 && u32(end) !== ZIP_END) end--;
  if (end < 0 || end + 22 > bytes.length) return unreadable;
  if (end >= 20 && u32(end - 20) === ZIP64_LOCATOR) return tooLarge;
  const count = u16(end + 10);
  const cdSize = u32(end + 12);
  const cdStart = u32(end + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdStart === 0xffffffff) return tooLarge;
  if (u16(end + 4) !== 0 || u16(end + 6) !== 0 || u16(end + 8) !== count) return unreadable;
  if (cdStart + cdSize > end) return unreadable;
  const hasZip64Extra = (from: number, length: number) => {
    for (let at = from; at + 4 <= from + length; at += 4 + u16(at + 2)) if (u16(at) === ZIP64_EXTRA) return true;
    return false;
  };
  let patched: Uint8Array | null = null;
  let total = 0;
  let at = cdStart;
  for (let i = 0; i < count; i++) {
    if (at + 46 > cdStart + cdSize || u32(at) !== ZIP_CENTRAL) return unreadable;
    const [flags, method, packed, size] = [u16(at + 8), u16(at + 10), u32(at + 20), u32(at + 24)];
    const [nameLength, extraLength, commentLength, offset] = [u16(at + 28), u16(at + 30), u16(at + 32), u32(at + 42)];
    if (at + 46 + nameLength + extraLength + commentLength > cdStart + cdSize) return unreadable;
    if (packed === 0xffffffff || size === 0xffffffff || offset === 0xffffffff) return tooLarge;
    if (hasZip64Extra(at + 46 + nameLength, extraLength)) return tooLarge;
    if (flags & 0x41 || (method !== 0 && method !== 8) || (method === 0 && packed !== size)) return unreadable;
    total += size;
    if (total > SPREADSHEET_MAX_UNPACKED_BYTES) return tooLarge;
    if (size > RATIO_FLOOR_BYTES && size > SPREADSHEET_MAX_RATIO * packed) return tooLarge;
    // The local header: SheetJS reads the method and the sizes from here.
    if (offset + 30 > cdStart || u32(offset) !== ZIP_LOCAL) return unreadable;
    const [localFlags, localMethod, localPacked, localSize] = [
      u16(offset + 6),
      u16(offset + 8),
      u32(offset + 18),
      u32(offset + 22),
    ];
    const localExtra = offset + 30 + u16(offset + 26);
    if (localExtra + u16(offset + 28) + packed > cdStart) return unreadable;
    if (hasZip64Extra(localExtra, u16(offset + 28))) return tooLarge;
    if (localFlags & 0x2041 || localMethod !== method) return unreadable;
    if (localPacked !== packed || localSize !== size) {
      if (!(localFlags & 0x08) || localPacked !== 0 || localSize !== 0) return unreadable;
      patched ??= bytes.slice();
      const out = new DataView(patched.buffer, patched.byteOffset, patched.byteLength);
      out.setUint32(offset + 18, packed, true);
      out.setUint32(offset + 22, size, true);
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { ok: true, bytes: patched ?? bytes };
}

export type SheetCells = { ok: true; cells: unknown[][] } | SpreadsheetRefusal;

/**
 * The first sheet of a workbook (xlsx, xls, or CSV text) as rows of cells, within the limits above
 * (SheetJS, loaded only when needed): a zip is checked first ({@link inspectSpreadsheetArchive}),
 * only the first sheet is parsed, a sheet of more than {@link SPREADSHEET_MAX_ROWS} rows is refused
 * (an xls is not even read past them), and the sheet's range is cut to its last real row and column
 * before it is expanded (a 10 KB file declaring A1:XFD1048576 would otherwise expand to 17 billion
 * blank cells). Text is read with `raw` (no guessing of numbers or dates). Numbers stay numbers;
 * blank cells are ''.
 */
export async function readFirstSheet(input: { bytes: Uint8Array } | { text: string }): Promise<SheetCells> {
  let data: Uint8Array | string;
  let zip = false;
  if ('bytes' in input) {
    data = input.bytes;
    zip = sniffMagic(data) === 'zip';
    if (zip) {
      const archive = inspectSpreadsheetArchive(data);
      if (!archive.ok) return archive;
      data = archive.bytes;
    }
  } else data = input.text;
  const XLSX = await import('@e965/xlsx');
  // A zip is bounded by its checked unpacked size and a text by its length; an xls (whose DIMENSIONS
  // record may claim any size) by the rows SheetJS reads of it.
  const xls = typeof data !== 'string' && !zip;
  const common = { dense: true, sheets: 0, ...(xls ? { sheetRows: SPREADSHEET_MAX_ROWS + 1 } : {}) } as const;
  let sheet: WorkSheet | undefined;
  try {
    const book =
      typeof data === 'string'
        ? XLSX.read(data, { ...common, type: 'string', raw: true })
        : XLSX.read(data, { ...common, type: 'array', cellDates: false, cellHTML: false });
    const name = book.SheetNames[0];
    sheet = name ? book.Sheets[name] : undefined;
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  if (!sheet) return { ok: true, cells: [] };
  const tooLarge = { ok: false, reason: 'too-large' } as const;
  // `!fullref`: SheetJS stopped reading the xls at the window, and the sheet goes on.
  if (sheet['!fullref'] && XLSX.utils.decode_range(sheet['!fullref']).e.r > SPREADSHEET_MAX_ROWS) return tooLarge;
  if (sheet['!ref']) {
    // The range as far as real cells go: a declared A1:XFD1048576 is not 17 billion blank cells.
    const range = XLSX.utils.decode_range(sheet['!ref']);
    let lastRow = -1;
    let lastCol = -1;
    (sheet['!data'] ?? []).forEach((cells: unknown[] | undefined, r: number) => {
      let c = (cells?.length ?? 0) - 1;
      while (c >= 0 && cells![c] === undefined) c--;
      if (c < 0) return;
      lastRow = r;
      lastCol = Math.max(lastCol, c);
    });
    if (lastRow >= SPREADSHEET_MAX_ROWS) return tooLarge;
    range.e.r = Math.max(range.s.r, Math.min(range.e.r, lastRow));
    range.e.c = Math.max(range.s.c, Math.min(range.e.c, lastCol));
    if ((range.e.r - range.s.r + 1) * (range.e.c - range.s.c + 1) > SPREADSHEET_MAX_CELLS) return tooLarge;
    sheet['!ref'] = XLSX.utils.encode_range(range);
  }
  return {
    ok: true,
    cells: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true }),
  };
}
