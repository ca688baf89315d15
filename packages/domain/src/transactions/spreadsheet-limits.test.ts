import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, parseTransactionImportFile } from './import-file';
import { inspectSpreadsheetArchive, readFirstSheet, SPREADSHEET_TOO_LARGE } from './spreadsheet';
import { writeZip, type ZipEntry } from './zip-writer.testing';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../fixtures/transaction-import');
const workbook = new Uint8Array(fs.readFileSync(path.join(fixtures, 'workbook.xlsx')));
const MiB = 1024 * 1024;

/** The parts of a real workbook, stored (not deflated), with the sheet's XML replaced when asked. */
function storedParts(bytes: Uint8Array, sheetXml?: (xml: string) => string): ZipEntry[] {
  // SheetJS's own container reader (typed `any` by the package).
  const zip = XLSX.CFB.read(bytes, { type: 'array' }) as {
    FileIndex: { type: number; content: Uint8Array }[];
    FullPaths: string[];
  };
  const entries: ZipEntry[] = [];
  zip.FileIndex.forEach((file, i) => {
    if (file.type !== 2) return;
    const name = zip.FullPaths[i]!.replace(/^[^/]*\//, '');
    let data = new Uint8Array(file.content);
    if (sheetXml && name === 'xl/worksheets/sheet1.xml')
      data = new TextEncoder().encode(sheetXml(new TextDecoder().decode(data)));
    entries.push({ name, data, method: 0 });
  });
  return entries;
}
/** The sheet with these rows instead of its own (`[row number, first cell's XML]`). */
const sheetData = (rows: string) => (xml: string) =>
  xml
    .replace(/<dimension ref="[^"]*"\/>/, '')
    .replace(/<sheetData>[\s\S]*<\/sheetData>|<sheetData\/>/, `<sheetData>${rows}</sheetData>`);
const row = (r: number, col = 'A') => `<row r="${r}"><c r="${col}${r}" t="inlineStr"><is><t>INV${r}</t></is></c></row>`;
/** Deflated bytes nobody will ever inflate: the declared sizes are refused first. */
const deflated = (name: string, stored: number, size: number): ZipEntry => ({
  name,
  data: new Uint8Array(stored).fill(0x55),
  method: 8,
  size,
});
const verdict = (entries: ZipEntry[]) => {
  const v = inspectSpreadsheetArchive(writeZip(entries));
  return v.ok ? 'ok' : v.reason;
};

describe('inspectSpreadsheetArchive: the declared sizes of an xlsx, before anything is inflated', () => {
  it('accepts a real workbook and hands back the same bytes', () => {
    const v = inspectSpreadsheetArchive(workbook);
    expect(v.ok && v.bytes).toBe(workbook);
    expect(verdict(storedParts(workbook))).toBe('ok');
  });

  it('refuses a 1 GiB sheet in a small file, more than 100 MB in all, or a large entry past 100:1', () => {
    const parts = storedParts(workbook).filter((e) => e.name !== 'xl/worksheets/sheet1.xml');
    expect(verdict([...parts, deflated('xl/worksheets/sheet1.xml', 1_040_000, 1024 * MiB)])).toBe('too-large');
    const third = (i: number) => deflated(`xl/media/part${i}.bin`, MiB, 40 * MiB); // 40:1 each, 120 MB in all
    expect(verdict([...parts, third(1), third(2)])).toBe('ok');
    expect(verdict([...parts, third(1), third(2), third(3)])).toBe('too-large');
    expect(verdict([...parts, deflated('xl/worksheets/sheet1.xml', 20_000, 2 * MiB)])).toBe('too-large'); // 105:1
    expect(verdict([...parts, deflated('xl/worksheets/sheet1.xml', 22_000, 2 * MiB)])).toBe('ok'); // 95:1
    expect(verdict([...parts, deflated('xl/styles2.xml', 100, 512 * 1024)])).toBe('ok'); // small: no ratio
  });

  it('refuses ZIP64, encryption, other methods, lying local headers and broken directories', () => {
    const parts = storedParts(workbook);
    const [first, ...rest] = parts;
    expect(verdict([deflated('big.xml', 10, 0xffffffff), ...rest])).toBe('too-large');
    expect(verdict([{ ...first!, flags: 0x01 }, ...rest])).toBe('unreadable');
    expect(verdict([{ ...first!, method: 12 as 8 }, ...rest])).toBe('unreadable');
    expect(verdict([{ ...first!, localSize: 1 }, ...rest])).toBe('unreadable');
    const zip = writeZip(parts);
    expect(inspectSpreadsheetArchive(zip.subarray(0, zip.length - 10)).ok).toBe(false);
    const pastTheEnd = zip.slice(); // the last central entry claims 64 KB of extra fields
    const lastEntry = zip.length - 22 - 46 - new TextEncoder().encode(parts[parts.length - 1]!.name).length;
    new DataView(pastTheEnd.buffer).setUint16(lastEntry + 30, 0xffff, true);
    expect(inspectSpreadsheetArchive(pastTheEnd)).toEqual({ ok: false, reason: 'unreadable' });
    expect(inspectSpreadsheetArchive(new TextEncoder().encode('INV1,12.50')).ok).toBe(false);
  });

  it('never throws on a damaged file: any bytes changed, any length cut, it answers a verdict', () => {
    const zip = writeZip(storedParts(workbook));
    const directory = new DataView(zip.buffer).getUint32(zip.length - 6, true); // where the central directory starts
    const position = fc.oneof(fc.nat(zip.length - 1), fc.integer({ min: directory, max: zip.length - 1 }));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(position, fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        fc.nat(zip.length),
        (changes, cut) => {
          const bytes = zip.slice(0, Math.max(cut, zip.length - 200));
          for (const [at, value] of changes) if (at < bytes.length) bytes[at] = value;
          expect(['ok', 'too-large', 'unreadable']).toContain(
            ((v) => (v.ok ? 'ok' : v.reason))(inspectSpreadsheetArchive(bytes)),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads a streamed workbook (data descriptors, as Apache POI writes) within its declared sizes', async () => {
    const streamed = writeZip(storedParts(workbook).map((e) => ({ ...e, streamed: true })));
    const v = inspectSpreadsheetArchive(streamed);
    expect(v.ok && v.bytes !== streamed).toBe(true); // a patched copy; the upload's bytes stay as they came
    expect(await readFirstSheet({ bytes: streamed })).toEqual(await readFirstSheet({ bytes: workbook }));
    const parts = storedParts(workbook).filter((e) => e.name !== 'xl/worksheets/sheet1.xml');
    const lying = writeZip([
      ...parts,
      { ...deflated('xl/worksheets/sheet1.xml', 1_040_000, 1024 * MiB), streamed: true },
    ]);
    expect(inspectSpreadsheetArchive(lying)).toEqual({ ok: false, reason: 'too-large' });
  });
});

describe('readFirstSheet and the transaction import on hostile workbooks', () => {
  it('refuses a zip bomb with the message, in the browser preview as on the server', async () => {
    const parts = storedParts(workbook).filter((e) => e.name !== 'xl/worksheets/sheet1.xml');
    const bomb = writeZip([...parts, deflated('xl/worksheets/sheet1.xml', 1_040_000, 1024 * MiB)]);
    expect(await readFirstSheet({ bytes: bomb })).toEqual({ ok: false, reason: 'too-large' });
    const r = await parseTransactionImportFile('statement.xlsx', bomb);
    expect(r).toEqual({ ok: false, error: SPREADSHEET_TOO_LARGE, skipped: [] });
    expect(IMPORT_MESSAGES.unpackedTooLarge).toBe('The file is too large to read once unpacked.');
  });

  it('reads a sheet that declares A1:XFD1048576 as the cells it holds', async () => {
    const wide = writeZip(
      storedParts(workbook, (xml) =>
        sheetData(`${row(1)}${row(3)}`)(xml).replace('<sheetData>', '<dimension ref="A1:XFD1048576"/><sheetData>'),
      ),
    );
    expect(await readFirstSheet({ bytes: wide })).toEqual({ ok: true, cells: [['INV1'], [], ['INV3']] });
  });

  // Four tests, not one: each reads sheets of hundreds of thousands of rows, within Vitest's 5 s on a loaded machine.
  const sparse = (rows: string) => readFirstSheet({ bytes: writeZip(storedParts(workbook, sheetData(rows))) });

  it('refuses a sheet of more than 500,000 rows, however small the file', async () => {
    expect(await sparse(`${row(1)}${row(500_000)}`)).toMatchObject({ ok: true });
    expect(await sparse(`${row(1)}${row(500_001)}`)).toEqual({ ok: false, reason: 'too-large' });
  });

  it('refuses a sheet of more than 5,000,000 cells, however small the file', async () => {
    expect(await sparse(`${row(1)}${row(190_000, 'Z')}`)).toMatchObject({ ok: true }); // 4,940,000 cells
    expect(await sparse(`${row(1)}${row(200_000, 'Z')}`)).toEqual({ ok: false, reason: 'too-large' });
  });

  const lines = (n: number) => Array.from({ length: n }, (_, i) => `A${i}`).join('\n');

  it('reads a text of 500,000 rows', async () => {
    expect(await readFirstSheet({ text: lines(500_000) })).toMatchObject({ ok: true });
  });

  it('refuses a text of more than 500,000 rows', async () => {
    expect(await readFirstSheet({ text: `${lines(500_000)}\n\n\nlast` })).toEqual({ ok: false, reason: 'too-large' });
  });
});
