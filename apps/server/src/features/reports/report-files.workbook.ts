/**
 * The streaming workbook the report files are written with (see report-files.writers.ts): sheets written
 * row by row with their styles, widths and per-currency totals, and a workbook paced to the zip and the
 * client.
 */
import {
  EXCEL_ISO_DATE_FORMAT,
  EXCEL_MONEY_FORMAT,
  EXCEL_PERCENT_FORMAT,
  moneyToNumber,
  moneyToString,
  type Cents,
} from '@app/domain';
import ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import { collectGarbageIfGrown } from '../../shared/heap';

type Kind = 'text' | 'money' | 'date' | 'percent' | 'int';

export interface Column {
  header: string;
  kind: Kind;
  /** Longest value in characters (the header's length is taken into account). */
  chars?: number;
  /** For dates: the number format (ISO unless given). */
  numFmt?: string;
}

type Value = string | Cents | number | null;

const MAX_WIDTH = 60;

/** Characters an amount takes when shown with `#,##0.00` (its sign and thousands separators included). */
export function moneyChars(c: Cents): number {
  const digits = moneyToString(c < 0n ? (-c as Cents) : c).split('.')[0]!.length;
  return digits + Math.floor((digits - 1) / 3) + 3 + (c < 0n ? 1 : 0);
}

const columnLetter = (i: number): string =>
  i < 26 ? String.fromCharCode(65 + i) : columnLetter(Math.floor(i / 26) - 1) + String.fromCharCode(65 + (i % 26));

/** A YYYY-MM-DD date as the UTC midnight exceljs turns into the date's serial number. */
const excelDate = (iso: string): Date => new Date(`${iso}T00:00:00Z`);

/**
 * Cell styles, one object each, shared by every cell that has it: exceljs looks a style object up by
 * identity (a WeakMap) instead of describing it again for each cell. Frozen: no setter may change one.
 */
type Style = Partial<ExcelJS.Style>;
const style = (s: Style): Style => Object.freeze(s);
const PLAIN = style({});
const BOLD = style({ font: { bold: true } });
/** The header of a column of numbers or dates: right-aligned over its values. */
const BOLD_RIGHT = style({ font: { bold: true }, alignment: { horizontal: 'right' } });
const MONEY = style({ numFmt: EXCEL_MONEY_FORMAT });
const BOLD_MONEY = style({ numFmt: EXCEL_MONEY_FORMAT, font: { bold: true } });
const PERCENT = style({ numFmt: EXCEL_PERCENT_FORMAT });
const dateStyles = new Map<string, Style>();
const dateStyle = (numFmt: string): Style => {
  if (!dateStyles.has(numFmt)) dateStyles.set(numFmt, style({ numFmt }));
  return dateStyles.get(numFmt)!;
};

const styleOf = (c: Column): Style =>
  c.kind === 'money'
    ? MONEY
    : c.kind === 'percent'
      ? PERCENT
      : c.kind === 'date'
        ? dateStyle(c.numFmt ?? EXCEL_ISO_DATE_FORMAT)
        : PLAIN;

/** One worksheet written row by row: header first, then rows, per-currency totals, commit. */
export class SheetWriter {
  private readonly sheet: ExcelJS.Worksheet;
  private readonly styles: Style[];
  private rowNumber = 1;
  private blockStart = 2;
  private readonly sums: bigint[];

  constructor(
    workbook: ExcelJS.stream.xlsx.WorkbookWriter,
    name: string,
    private readonly columns: readonly Column[],
    private readonly onCommit: () => void,
  ) {
    this.sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    this.sheet.columns = columns.map((c) => ({
      width: Math.min(MAX_WIDTH, Math.max(c.header.length, c.chars ?? 0, c.kind === 'date' ? 10 : 0) + 3),
    }));
    this.styles = columns.map(styleOf);
    this.write(
      columns.map((c) => c.header),
      columns.map((c) => (c.kind === 'text' ? BOLD : BOLD_RIGHT)),
    );
    this.sums = columns.map(() => 0n);
  }

  /** A row of `values` (null: no cell at all) with their styles, written out at once. */
  private write(values: readonly ExcelJS.CellValue[], styles: readonly Style[]): void {
    const row = this.sheet.addRow([]);
    values.forEach((v, i) => {
      if (v === null || v === undefined) return;
      const cell = row.getCell(i + 1);
      cell.value = v;
      cell.style = styles[i]!;
    });
    row.commit();
  }

  /** A data row; money is given in cents, percentages as numbers, dates as YYYY-MM-DD. */
  row(values: readonly Value[]): void {
    this.write(
      values.map((v, i) => {
        const kind = this.columns[i]!.kind;
        if (v === null) return null;
        if (kind === 'money') {
          this.sums[i]! += v as bigint;
          return moneyToNumber(v as Cents);
        }
        if (kind === 'int') this.sums[i]! += BigInt(v as number);
        return kind === 'date' ? excelDate(v as string) : (v as string | number);
      }),
      this.styles,
    );
    this.rowNumber += 1;
  }

  /** Whether rows were written since the last totals. */
  get open(): boolean {
    return this.rowNumber >= this.blockStart;
  }

  /**
   * The totals row of the rows since the last one: `labels` (column index → text) and, under every money
   * and count column, `SUM` of the block with its exact cached result.
   */
  totals(labels: Record<number, string>): void {
    if (!this.open) return;
    const from = this.blockStart;
    const to = this.rowNumber;
    const values = this.columns.map((column, i): ExcelJS.CellValue => {
      if (column.kind !== 'money' && column.kind !== 'int') return labels[i] ?? null;
      const letter = columnLetter(i);
      const sum = this.sums[i]!;
      this.sums[i] = 0n;
      return {
        formula: `SUM(${letter}${from}:${letter}${to})`,
        // eslint-disable-next-line no-restricted-syntax -- a count column's total (money goes through moneyToNumber)
        result: column.kind === 'money' ? moneyToNumber(sum as Cents) : Number(sum),
      } as ExcelJS.CellFormulaValue;
    });
    this.write(
      values,
      this.columns.map((c) => (c.kind === 'money' ? BOLD_MONEY : BOLD)),
    );
    this.rowNumber += 1;
    this.blockStart = this.rowNumber + 1;
  }

  commit(): void {
    this.sheet.commit();
    this.onCommit();
  }
}

/** Bytes the answer may hold unsent before the writer waits for the client. */
const UNSENT_LIMIT = 1024 * 1024;

/**
 * A workbook streamed into `out`, paced. exceljs' WorkbookWriter zips each sheet through archiver (its
 * `zip`), which takes a sheet only after the previous one is compressed: rows written faster than that
 * wait in memory. So between batches the writer waits until every committed sheet has been zipped
 * (archiver's public `progress` event) and the answer has gone out to the client.
 */
export class PacedWorkbook {
  readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private committed = 0;
  private zipped = 0;
  private failure: Error | null = null;

  constructor(private readonly out: Writable & { readableLength?: number }) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    this.workbook.creator = 'Commission Back Office';
    const zip = (this.workbook as unknown as { zip: NodeJS.EventEmitter }).zip;
    zip.on('progress', (p: { entries: { processed: number } }) => (this.zipped = p.entries.processed));
    zip.on('error', (err: Error) => (this.failure = err));
  }

  sheet(name: string, columns: readonly Column[]): SheetWriter {
    return new SheetWriter(this.workbook, name, columns, () => (this.committed += 1));
  }

  /**
   * Waits for the zip and the client to catch up; stops when the download was abandoned. Then collects the
   * batch's garbage (shared/heap.ts): without it the server's RSS climbed 70–150 MB over its idle size.
   */
  async breathe(): Promise<void> {
    await this.caughtUp();
    collectGarbageIfGrown();
  }

  private async caughtUp(): Promise<void> {
    for (;;) {
      if (this.failure) throw this.failure;
      if (this.out.destroyed) throw new Error('The download was abandoned.');
      if (this.zipped >= this.committed && (this.out.readableLength ?? 0) < UNSENT_LIMIT) return;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  commit(): Promise<void> {
    return this.workbook.commit();
  }
}

/** Runs `rows` through `write`, a totals row (labelled by `label`) whenever the currency changes. */
export async function byCurrency<T extends { currency: string }>(
  book: PacedWorkbook,
  sheet: SheetWriter,
  batches: AsyncIterable<readonly T[]> | Iterable<readonly T[]>,
  write: (row: T) => void,
  label: (currency: string) => Record<number, string>,
): Promise<void> {
  let currency: string | null = null;
  for await (const batch of batches) {
    for (const row of batch) {
      if (currency !== null && row.currency !== currency) sheet.totals(label(currency));
      currency = row.currency;
      write(row);
    }
    await book.breathe();
  }
  if (currency !== null) sheet.totals(label(currency));
}
