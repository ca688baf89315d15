/**
 * The payout statement PDF (DOMAIN.md "Files"): A4 portrait, pdfkit's standard Helvetica only (no font
 * file at runtime; text is made WinAnsi-safe first), built with pdfkit's `doc.table()`. Made to be read
 * printed in black and white: black text, light grey rules, a grey header band, totals in bold with a
 * black rule above; nothing is told by colour alone.
 *
 * The built-in table breaks pages on its own but does not repeat a header, so the rows are measured and
 * laid out on pages first (a row that would not fit starts a new page, whose table opens with the column
 * header again and the agent's heading, '(continued)'), then each page is drawn as its own table with the
 * planned row heights and its 'Page X of Y' footer. No page is kept in memory once written.
 */
import {
  formatStatementAmount,
  percentToString,
  type PayoutStatement,
  type StatementGroup,
  type StatementTotals,
} from '@app/domain';
import PDFDocument from 'pdfkit';
import { pdfSafeText } from './payout-pdf-text';

export interface PayoutPdfInput {
  agencyName: string;
  /** 'Payout statement' or 'Next payout'. */
  title: string;
  /** Lines under the title: the payout's name and date, or the range a next payout covers. */
  details: string[];
  /** Short name of the document in each page's footer ('Payout #12'). */
  footerLabel: string;
  statement: PayoutStatement;
  /** A note printed by an agent's name, by agent id: a GST-registered agent's GST/HST number. */
  agentNotes: ReadonlyMap<number, string>;
  /** What the document says when there are no items. */
  emptyMessage: string;
  generatedAt: Date;
}

const MARGIN = { top: 40, bottom: 50, left: 40, right: 40 };
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const SIZE = 8;
const PADDING = { top: 2, bottom: 2, left: 3, right: 3 };
const RULE = '#b3b3b3';
const HEADER_BAND = '#e6e6e6';
/**
 * Room added to each row's measured height. The table clips a cell's text to exactly the height it
 * measured, which shaves the tops of capitals off when a row starts on a fraction of a pixel; with the
 * slack, and the text centred, nothing touches the clip.
 */
const SLACK = 2;

/** A4 is 595.28 pt wide: the supplier column takes what the others leave. */
const CONTENT_WIDTH = 595.28 - MARGIN.left - MARGIN.right;
const FIXED = { reference: 80, date: 50, gross: 64, percent: 40, money: 64, gst: 56 };
const COLUMNS: { label: string; width: number; right: boolean }[] = [
  { label: 'Reference', width: FIXED.reference, right: false },
  { label: 'Date', width: FIXED.date, right: false },
  {
    label: 'Supplier',
    width: CONTENT_WIDTH - FIXED.reference - FIXED.date - FIXED.gross - FIXED.percent - 2 * FIXED.money - FIXED.gst,
    right: false,
  },
  { label: 'Gross', width: FIXED.gross, right: true },
  { label: '%', width: FIXED.percent, right: true },
  { label: 'Commission', width: FIXED.money, right: true },
  { label: 'GST', width: FIXED.gst, right: true },
  { label: 'Total', width: FIXED.money, right: true },
];
/** Columns a subtotal's label spans (everything before Commission). */
const LABEL_SPAN = 5;

interface Cell extends PDFKit.Mixins.CellOptions {
  text: string;
}

type Row = Cell[];

const cell = (text: string, over: Partial<Cell> = {}): Cell => ({ text: pdfSafeText(text), ...over });
const bold = { font: { src: BOLD } };

function headerRow(): Row {
  return COLUMNS.map((c) =>
    cell(c.label, {
      ...bold,
      backgroundColor: HEADER_BAND,
      border: { top: 0, left: 0, right: 0, bottom: 0.75 },
      borderColor: '#000000',
    }),
  );
}

function groupHeading(group: StatementGroup, continued: boolean, note: string | undefined): Row {
  const text = `${group.agent_name} (${group.currency_code})${note ? ` · ${note}` : ''}${continued ? ' (continued)' : ''}`;
  return [
    cell(text, {
      ...bold,
      colSpan: COLUMNS.length,
      padding: { ...PADDING, top: 8 },
      border: { top: 0, left: 0, right: 0, bottom: 0.5 },
      borderColor: RULE,
    }),
  ];
}

function itemRow(item: StatementGroup['items'][number]): Row {
  const rule = { border: { top: 0, left: 0, right: 0, bottom: 0.4 }, borderColor: RULE };
  return [
    item.booking_reference,
    item.booking_date,
    item.supplier_name,
    formatStatementAmount(item.gross),
    percentToString(item.percentage),
    formatStatementAmount(item.commission),
    formatStatementAmount(item.gst),
    formatStatementAmount(item.total),
  ].map((text) => cell(text, rule));
}

/** A bold totals row: the label over the first columns, then commission, GST and total. */
function totalsRow(label: string, t: StatementTotals, ruleBelow = false): Row {
  const style = {
    ...bold,
    border: { top: 0.9, left: 0, right: 0, bottom: ruleBelow ? 0.9 : 0 },
    borderColor: '#000000',
  };
  return [
    cell(label, { ...style, colSpan: LABEL_SPAN }),
    ...[t.commission, t.gst, t.total].map((c) => cell(formatStatementAmount(c), style)),
  ];
}

const plural = (n: number) => `${n} item${n === 1 ? '' : 's'}`;

/** The rows of one page's table (after its column header) and the height of each. */
interface PlannedPage {
  rows: Row[];
  heights: number[];
}

/**
 * The height the table gives a row: its tallest cell's text plus padding, and the slack. A cell whose
 * text fits on one line (nearly all) is measured by its width, which is much cheaper than wrapping it.
 */
function rowHeight(doc: PDFKit.PDFDocument, row: Row): number {
  let col = 0;
  let tallest = 0;
  for (const c of row) {
    const span = c.colSpan ?? 1;
    let width = 0;
    for (let i = col; i < col + span; i++) width += COLUMNS[i]!.width;
    const pad = { ...PADDING, ...(typeof c.padding === 'object' ? c.padding : {}) } as typeof PADDING;
    doc.font(c.font?.src === BOLD ? BOLD : FONT).fontSize(SIZE);
    const room = width - pad.left - pad.right;
    const text = c.text || ' ';
    const height =
      doc.widthOfString(text) <= room ? doc.currentLineHeight(true) : doc.heightOfString(text, { width: room });
    tallest = Math.max(tallest, height + pad.top + pad.bottom);
    col += span;
  }
  doc.font(FONT).fontSize(SIZE);
  return tallest + SLACK;
}

/**
 * Lays the rows out on pages before anything is drawn, so that every page can say 'Page X of Y' as it
 * is written (no page is kept in memory) and so that each page's table opens with the column header
 * (and, when an agent's items go on, their heading marked '(continued)').
 */
class PagePlanner {
  readonly pages: PlannedPage[] = [];
  /** The heading to repeat when a group continues on a new page. */
  current: StatementGroup | null = null;
  private page!: PlannedPage;
  private y = 0;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly notes: ReadonlyMap<number, string>,
    firstTop: number,
  ) {
    this.start(firstTop);
  }

  private start(top: number): void {
    this.page = { rows: [], heights: [] };
    this.pages.push(this.page);
    this.y = top;
    this.put(headerRow(), rowHeight(this.doc, headerRow()));
    if (this.current) {
      const heading = this.heading(this.current, true);
      this.put(heading, rowHeight(this.doc, heading));
    }
  }

  /** An agent's heading, with the note by their name. */
  heading(group: StatementGroup, continued: boolean): Row {
    return groupHeading(group, continued, this.notes.get(group.agent_id));
  }

  private put(row: Row, height: number): void {
    this.page.rows.push(row);
    this.page.heights.push(height);
    this.y += height;
  }

  /** Adds rows that must stay on one page (a heading with its first item), starting a page if needed. */
  add(...rows: Row[]): void {
    const heights = rows.map((r) => rowHeight(this.doc, r));
    const needed = heights.reduce((a, b) => a + b, 0);
    // The table itself moves a row that reaches the bottom to a new page: stay clear of it.
    if (this.y + needed >= this.doc.page.maxY() - 1) this.start(MARGIN.top);
    rows.forEach((r, i) => this.put(r, heights[i]!));
  }
}

/** The statement's rows on pages: per group its heading, items and subtotal; then the grand totals. */
function planStatement(doc: PDFKit.PDFDocument, input: PayoutPdfInput, firstTop: number): PlannedPage[] {
  const { statement } = input;
  const planner = new PagePlanner(doc, input.agentNotes, firstTop);
  for (const group of statement.groups) {
    planner.current = null;
    const [first, ...rest] = group.items;
    planner.add(planner.heading(group, false), ...(first ? [itemRow(first)] : []));
    planner.current = group;
    for (const item of rest) planner.add(itemRow(item));
    planner.add(
      totalsRow(
        `Subtotal ${group.agent_name} (${group.currency_code}, ${plural(group.subtotal.count)})`,
        group.subtotal,
      ),
    );
  }
  planner.current = null;
  const { grand_totals } = statement;
  const spacer: Row = [cell('', { colSpan: COLUMNS.length, padding: { ...PADDING, top: 6 } })];
  planner.add(
    spacer,
    ...grand_totals.map((t, i) =>
      totalsRow(`Grand total ${t.currency_code} (${plural(t.count)})`, t, i === grand_totals.length - 1),
    ),
  );
  return planner.pages;
}

/** One page's table at `top`: the rows at the heights planned (the table measures no row itself). */
function drawTable(doc: PDFKit.PDFDocument, page: PlannedPage, top: number): void {
  const table = doc.table({
    position: { x: MARGIN.left, y: top },
    rowStyles: page.heights,
    columnStyles: COLUMNS.map((c) => ({ width: c.width, align: { x: c.right ? 'right' : 'left', y: 'center' } })),
    defaultStyle: { padding: PADDING, border: false, textColor: '#000000' },
  });
  doc.font(FONT).fontSize(SIZE);
  for (const row of page.rows) table.row(row);
  table.end();
}

function writeHeading(doc: PDFKit.PDFDocument, input: PayoutPdfInput): void {
  const width = CONTENT_WIDTH;
  doc.fillColor('#000000');
  doc.font(BOLD).fontSize(15).text(pdfSafeText(input.agencyName), MARGIN.left, MARGIN.top, { width });
  doc.moveDown(0.2);
  doc.font(BOLD).fontSize(12).text(pdfSafeText(input.title), { width });
  doc.font(FONT).fontSize(9);
  for (const line of input.details) doc.text(pdfSafeText(line), { width });
  doc.text(`Generated ${formatGeneratedAt(input.generatedAt)}`, { width });
  doc.moveDown(0.8);
}

/** '2026-03-05 14:03 UTC'. */
export function formatGeneratedAt(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** 'Page X of Y' and the document's name at the foot of the current page, in the bottom margin. */
function writeFooter(doc: PDFKit.PDFDocument, input: PayoutPdfInput, page: number, pages: number): void {
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0; // Text in the margin must not start a new page.
  const y = doc.page.height - MARGIN.bottom + 18;
  const pageWidth = 90;
  doc.font(FONT).fontSize(8).fillColor('#000000');
  // One line each: cut with an ellipsis rather than wrapped below the page.
  const line = { lineBreak: false, height: doc.currentLineHeight(), ellipsis: true };
  doc.text(pdfSafeText(`${input.agencyName} · ${input.footerLabel}`), MARGIN.left, y, {
    ...line,
    width: CONTENT_WIDTH - pageWidth,
  });
  doc.text(`Page ${page} of ${pages}`, MARGIN.left + CONTENT_WIDTH - pageWidth, y, {
    ...line,
    width: pageWidth,
    align: 'right',
  });
  doc.page.margins.bottom = bottom;
}

/** The heading, then the statement's pages (or the empty message), each page with its footer. */
function writeDocument(doc: PDFKit.PDFDocument, input: PayoutPdfInput): void {
  writeHeading(doc, input);
  if (input.statement.groups.length === 0) {
    doc.font(BOLD).fontSize(11).text(pdfSafeText(input.emptyMessage), { width: CONTENT_WIDTH });
    writeFooter(doc, input, 1, 1);
    return;
  }
  const top = doc.y;
  const pages = planStatement(doc, input, top);
  pages.forEach((page, i) => {
    if (i > 0) doc.addPage();
    drawTable(doc, page, i === 0 ? top : MARGIN.top);
    writeFooter(doc, input, i + 1, pages.length);
  });
}

/** The statement as a PDF file. */
export function renderPayoutPdf(input: PayoutPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    info: {
      Title: pdfSafeText(`${input.title} - ${input.footerLabel}`),
      Author: pdfSafeText(input.agencyName),
      CreationDate: input.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  writeDocument(doc, input);
  doc.end();
  return done;
}
