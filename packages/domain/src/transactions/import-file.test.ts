import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { moneyToString } from '../money/money';
import {
  applyReferenceFormat,
  planTransactionImport,
  IMPORT_MESSAGES,
  parseTransactionImportFile,
  transactionImportFileKind,
  type ImportFileResult,
} from './import-file';
import { parseImportAmount, parseImportCells, skippedRowMessage } from './import-rows';
import { SPREADSHEET_MAX_ROWS } from './spreadsheet';
import { decodeTextFile, splitDelimitedText, TEXT_CHUNK_CHARS } from './text-file';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../fixtures/transaction-import');
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(fixtures, name)));
const parse = (name: string, as = name) => parseTransactionImportFile(as, fixture(name));

/** Rows as 'reference amount' strings, for readable assertions. */
function rowsOf(r: ImportFileResult) {
  if (!r.ok) throw new Error(`expected rows, got ${r.error}`);
  return r.rows.map((x) => `${x.row}:${x.reference} ${moneyToString(x.amount)}`);
}
const skipsOf = (r: ImportFileResult) => r.skipped.map(skippedRowMessage);

describe('the transaction import file, on the fixture corpus', () => {
  it('reads the spec examples: no header row, positive credit, negative debit, totals', async () => {
    const r = await parse('spec-examples.csv');
    expect(rowsOf(r)).toEqual(['1:INV123 100.50', '2:PMT456 -75.25', '3:INV124 2500.00', '4:INV125 0.99']);
    if (!r.ok) return;
    expect(r.skipped).toEqual([]);
    expect(r.summary.row_count).toBe(4);
    expect(r.summary.credit_count).toBe(3);
    expect(r.summary.debit_count).toBe(1);
    expect(moneyToString(r.summary.total_credits)).toBe('2601.49');
    expect(moneyToString(r.summary.total_debits)).toBe('75.25');
    expect(moneyToString(r.summary.net_total)).toBe('2526.24');
  });

  it('reads UTF-8 with a BOM and CRLF exactly like plain UTF-8', async () => {
    expect(rowsOf(await parse('utf8-bom.csv'))).toEqual(rowsOf(await parse('spec-examples.csv')));
  });

  it('reads UTF-16 with a BOM (tab-separated .txt) and UTF-16 BE without one', async () => {
    expect(rowsOf(await parse('utf16le-bom.txt'))).toEqual(['1:INV123 100.50', '2:PMT456 -75.25']);
    expect(rowsOf(await parse('utf16be-no-bom.csv'))).toEqual(['1:INV123 100.50', '2:PMT456 -75.25']);
  });

  it("reads Windows-1252 with '£' amounts and an accented reference", async () => {
    expect(rowsOf(await parse('windows-1252-pound.csv'))).toEqual([
      '1:INV200 100.50',
      '2:INV201 1234.50',
      '3:CAFé1 -20.00',
    ]);
  });

  it('reads semicolon-separated files and refuses the decimal comma with the reason', async () => {
    const r = await parse('semicolon.csv');
    expect(rowsOf(r)).toEqual(['1:INV300 100.50', '2:INV301 -75.25']);
    expect(skipsOf(r)).toEqual(["Row 3: '12,50' uses a comma for decimals; write 12.50"]);
  });

  it('reads every amount form of the issue exactly, and says why the others are skipped', async () => {
    const r = await parse('amounts.csv');
    expect(rowsOf(r)).toEqual(['1:AMT1 -12.50', '2:AMT2 1234.50', '9:AMT9 42.00']);
    expect(skipsOf(r)).toEqual([
      "Row 3: '12,50' uses a comma for decimals; write 12.50",
      'Row 4: needs two columns: reference, amount',
      "Row 5: 'NaN' is not an amount",
      "Row 6: '1e6' is not a plain amount (no exponents)",
      "Row 7: '12.345' has more than 2 decimals",
      'Row 8: the amount is zero',
    ]);
  });

  it('skips rows whose unquoted comma split the amount into two cells', async () => {
    const r = await parse('unquoted-commas.csv');
    expect(rowsOf(r)).toEqual(['3:INV402 10.00']);
    expect(r.skipped.map((s) => s.row)).toEqual([1, 2]);
    expect(r.skipped[0]!.reason).toMatch(/has 3 columns/);
  });

  it('trims references, keeps their case and inner spaces, and ignores blank lines quietly', async () => {
    const r = await parse('references.csv');
    expect(rowsOf(r)).toEqual(['1:inv 500 10.00', '3:pmt501 -5.00', '5:INV502 1.00']);
    expect(r.skipped).toEqual([]);
  });

  it('reads the first sheet of .xlsx and .xls: numbers, text amounts and numeric references', async () => {
    const expected = ['1:INV600 100.50', '2:PMT601 -75.25', '4:INV602 1000.00', '5:12345 7.00'];
    expect(rowsOf(await parse('workbook.xlsx'))).toEqual(expected);
    expect(rowsOf(await parse('workbook.xls'))).toEqual(expected);
    // Either extension may hold either container (a legacy system names an xlsx .xls).
    expect(rowsOf(await parse('workbook.xlsx', 'renamed.xls'))).toEqual(expected);
  });

  it("gives the spec's messages for files that hold nothing usable", async () => {
    const error = async (name: string, as?: string) => {
      const r = await parse(name, as);
      return r.ok ? 'ok' : r.error;
    };
    expect(await error('empty.csv')).toBe(IMPORT_MESSAGES.noData);
    expect(await error('blank-lines.csv')).toBe(IMPORT_MESSAGES.noData);
    expect(await error('no-valid-rows.csv')).toBe(IMPORT_MESSAGES.noValidData);
    expect(await error('image-renamed.csv')).toBe(IMPORT_MESSAGES.unsupported);
    expect(await error('image-renamed.csv', 'image.xlsx')).toBe(IMPORT_MESSAGES.unsupported);
    expect(await error('spec-examples.csv', 'payments.xlsx')).toBe(IMPORT_MESSAGES.unsupported);
    expect(await error('spec-examples.csv', 'payments.pdf')).toBe(IMPORT_MESSAGES.unsupported);
    expect(await error('workbook.xlsx', 'payments.csv')).toBe(IMPORT_MESSAGES.unsupported);
  });

  it('still lists the skipped rows when none is valid (the preview shows why)', async () => {
    const r = await parse('no-valid-rows.csv');
    expect(skipsOf(r)).toEqual([
      "Row 1: 'Amount' is not an amount",
      'Row 2: needs two columns: reference, amount',
      "Row 3: 'abc' is not an amount",
      'Row 4: has no reference',
    ]);
  });

  it('refuses a 50 MB file before reading it', async () => {
    const big = new Uint8Array(50 * 1024 * 1024).fill(0x31);
    const r = await parseTransactionImportFile('big.csv', big);
    expect(r.ok ? 'ok' : r.error).toBe(IMPORT_MESSAGES.tooLarge);
  });

  it('reads 100,000 rows', async () => {
    const lines: string[] = [];
    for (let i = 0; i < 100_000; i++) lines.push(`REF${i},${i % 7 === 0 ? '-' : ''}${(i % 1000) + 1}.${i % 100}`);
    const r = await parseTransactionImportFile('big.csv', new TextEncoder().encode(lines.join('\n')));
    expect(r.ok && r.rows.length).toBe(100_000);
  });

  it('refuses a CSV of more rows than a sheet may hold, as the agent import does, but not trailing blank lines', async () => {
    const csv = (line: string, rows: number, trailingBlank = 0) =>
      new TextEncoder().encode(`${line}\n`.repeat(rows) + '\n'.repeat(trailingBlank));
    const over = await parseTransactionImportFile('big.csv', csv('A,1', SPREADSHEET_MAX_ROWS + 1));
    expect(over).toEqual({ ok: false, error: IMPORT_MESSAGES.unpackedTooLarge, skipped: [] });
    // At the limit the file is read: rows of one column, each skipped, are quicker to read than amounts.
    const atLimit = await parseTransactionImportFile('big.csv', csv('A', SPREADSHEET_MAX_ROWS, 100));
    expect(atLimit.ok ? 'ok' : atLimit.error).toBe(IMPORT_MESSAGES.noValidData);
    expect(atLimit.skipped).toHaveLength(SPREADSHEET_MAX_ROWS);
    expect(skippedRowMessage(atLimit.skipped.at(-1)!)).toBe('Row 500000: needs two columns: reference, amount');
  });
});

describe('splitDelimitedText', () => {
  const text = 'A,1\n\n , \nB,2\nC,3\n';

  it('reads every line, blank ones kept, within the limit', () => {
    const all = [['A', '1'], [''], [' ', ' '], ['B', '2'], ['C', '3'], ['']];
    expect(splitDelimitedText(text)).toEqual({ rows: all, overLimit: false });
    expect(splitDelimitedText(text, 3)).toEqual({ rows: all, overLimit: false });
  });

  it('reads rows across chunks as one string: quoted lines, CRLF and quotes cut at any chunk end', () => {
    const row = (i: number) => `R${i},"a ""quoted"",\r\nmulti-line ${'x'.repeat(i % 97)}",${i}.50\r\n`;
    const long = Array.from({ length: 4 * (TEXT_CHUNK_CHARS / 40) }, (_, i) => row(i)).join('');
    expect(long.length).toBeGreaterThan(4 * TEXT_CHUNK_CHARS);
    const whole = Papa.parse<string[]>(long, { delimiter: ',', skipEmptyLines: false }).data;
    expect(whole[1]).toEqual(['R1', 'a "quoted",\r\nmulti-line x', '1.50']);
    expect(splitDelimitedText(long)).toEqual({ rows: whole, overLimit: false });
  });

  it('stops at the first non-blank line past the limit and says so', () => {
    expect(splitDelimitedText(text, 2)).toEqual({
      rows: [['A', '1'], [''], [' ', ' '], ['B', '2'], ['C', '3']],
      overLimit: true,
    });
    expect(splitDelimitedText(text, 1)).toEqual({ rows: [['A', '1'], [''], [' ', ' '], ['B', '2']], overLimit: true });
    expect(splitDelimitedText(text, 0)).toEqual({ rows: [['A', '1']], overLimit: true });
  });
});

describe('parseImportCells', () => {
  it('parses every non-blank row and skips the unreadable ones with their reason', () => {
    const r = parseImportCells([['A', '1'], [], ['B', 'x'], [' ', ''], ['C', '2.50']]);
    expect(r.rows.map((x) => `${x.row}:${x.reference} ${moneyToString(x.amount)}`)).toEqual(['1:A 1.00', '5:C 2.50']);
    expect(r.skipped.map(skippedRowMessage)).toEqual(["Row 3: 'x' is not an amount"]);
  });
});

describe('parseImportAmount', () => {
  const ok = (cell: unknown) => {
    const r = parseImportAmount(cell);
    return r.ok ? moneyToString(r.value) : `skip: ${r.reason}`;
  };
  it('reads signs, parentheses, symbols and grouping exactly', () => {
    expect(ok('100.50')).toBe('100.50');
    expect(ok('-75.25')).toBe('-75.25');
    expect(ok('+5')).toBe('5.00');
    expect(ok('(12.50)')).toBe('-12.50');
    expect(ok('£1,234.50')).toBe('1234.50');
    expect(ok('-£20')).toBe('-20.00');
    expect(ok('£-20')).toBe('-20.00');
    expect(ok('$ 1,000,000.1')).toBe('1000000.10');
    expect(ok('.5')).toBe('0.50');
    expect(ok(12.5)).toBe('12.50');
    expect(ok(-0.01)).toBe('-0.01');
    expect(ok('999999999999.99')).toBe('999999999999.99');
  });
  it('refuses what it cannot read exactly', () => {
    expect(ok(0.1 + 0.2)).toBe("skip: '0.30000000000000004' has more than 2 decimals");
    expect(ok('1000000000000')).toBe("skip: '1000000000000' is too large");
    expect(ok(Number.NaN)).toBe('skip: the amount is not a number');
    expect(ok('1,23.40')).toBe("skip: '1,23.40' is not an amount");
    expect(ok('12.50-')).toBe("skip: '12.50-' is not an amount");
    expect(ok('--5')).toBe("skip: '--5' is not an amount");
    expect(ok('Infinity')).toBe("skip: 'Infinity' is not an amount");
    expect(ok('0x10')).toBe("skip: '0x10' is not an amount");
    expect(ok(null)).toBe('skip: the amount is empty');
  });
});

describe('file kinds and text decoding', () => {
  it('knows the four extensions, whatever their case', () => {
    expect(['a.CSV', 'b.txt', 'c.Xlsx', 'd.xls', 'e.pdf', 'noext'].map(transactionImportFileKind)).toEqual([
      'text',
      'text',
      'xlsx',
      'xls',
      null,
      null,
    ]);
  });
  it('treats NUL-filled bytes as binary', () => {
    expect(decodeTextFile(new Uint8Array([0x41, 0, 0, 0, 0x42, 0x43, 0, 0x44, 0x45]))).toBeNull();
  });
});

describe('applyReferenceFormat', () => {
  it("keeps the rows that fit the supplier's format (case-insensitive) and says why the others do not", async () => {
    const r = await parse('references.csv');
    if (!r.ok) throw new Error(r.error);
    const out = applyReferenceFormat(r.rows, 'AAA000');
    expect(out.rows.map((x) => x.reference)).toEqual(['pmt501', 'INV502']);
    expect(out.skipped.map(skippedRowMessage)).toEqual(["Row 1: 'inv 500': Format should match: AAA000"]);
    expect(applyReferenceFormat(r.rows, null).rows).toHaveLength(3);
  });
});

describe('planTransactionImport', () => {
  it("merges the file's skipped rows with the format's, in file order, and totals what is kept", async () => {
    const bytes = new TextEncoder().encode('SW0000001,10.00\nbad,1.00\nSW0000002,"12,50"\nSW0000003,-4.00\n');
    const plan = await planTransactionImport('s.csv', bytes, 'SW0000000');
    expect(rowsOf(plan)).toEqual(['1:SW0000001 10.00', '4:SW0000003 -4.00']);
    expect(skipsOf(plan)).toEqual([
      "Row 2: 'bad': Format should match: SW0000000",
      "Row 3: '12,50' uses a comma for decimals; write 12.50",
    ]);
    if (plan.ok) expect(moneyToString(plan.summary.net_total)).toBe('6.00');
  });
  it('says there is nothing to import when the format leaves no row, still listing why', async () => {
    const plan = await planTransactionImport('s.csv', new TextEncoder().encode('bad,1.00\n'), 'SW0000000');
    expect(plan.ok ? 'ok' : plan.error).toBe(IMPORT_MESSAGES.noValidData);
    expect(skipsOf(plan)).toEqual(["Row 1: 'bad': Format should match: SW0000000"]);
  });
});
