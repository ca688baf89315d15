/**
 * `POST /api/reports/excel` (issue 14 "Excel"): which file, and where its rows come from. Every read of
 * one file runs in one read-only REPEATABLE READ transaction (the sheets and their totals see the same
 * payout items even while payouts are being made). A streamed file is written while the transaction
 * reads: the answer starts at once and never holds the report in memory.
 */
import {
  holdsOneCurrency,
  journalEntry,
  mixedCurrencyProblem,
  QUICKBOOKS_MAX_DATA_ROWS,
  quickBooksCsvHeader,
  quickBooksCsvLine,
  REPORT_FILE_CONTENT_TYPES,
  reportFileName,
  type AccountingSettings,
  type ExcelReportRequest,
  type JournalAccounts,
} from '@app/domain';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import type { Db, DbOrTx } from '../../db/client';
import { fieldError } from '../../http/errors';
import { getAccountingSettings } from '../../shared/settings';
import { agentPayments, agentSummaries, commissionLines, paidCurrencies, paymentStats } from './report-files.repo';
import { writeBookingsWorkbook, writeCommissionsWorkbook, writeIif, writeTelpayCsv } from './report-files.writers';

export interface ReportFile {
  fileName: string;
  contentType: string;
  /** The whole file (QuickBooks CSV: refused before anything is sent), or a stream being written. */
  body: Buffer | Readable;
}

/** QuickBooks Online imports at most 999 rows per file (ACCOUNTING-FILES.md §2, unverified). */
export const QUICKBOOKS_TOO_MANY_ROWS = `This QuickBooks journal has more than ${QUICKBOOKS_MAX_DATA_ROWS} rows, the most QuickBooks imports from one file. Choose a shorter date range or one payout, or download the Excel workbook.`;

const READ_ONLY = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

const accountsOf = (s: AccountingSettings): JournalAccounts => ({
  commission: s.quickbooks_commission_account,
  gst: s.quickbooks_gst_account,
  clearing: s.quickbooks_clearing_account,
});

/**
 * A CSV or IIF file holds one currency (ACCOUNTING-FILES.md; the IIF has no currency column): a range
 * whose payouts paid in more than one is a 422 on `currency_id` asking for the Currency filter. Read in
 * the file's own transaction, so the file holds exactly the currencies checked.
 */
async function checkOneCurrency(tx: DbOrTx, r: ExcelReportRequest): Promise<void> {
  if (!holdsOneCurrency(r.format) || r.currency_id !== undefined) return;
  const problem = mixedCurrencyProblem(r.format, await paidCurrencies(tx, r));
  if (problem) throw fieldError('currency_id', problem);
}

/**
 * The file of a request. A refusal (the currency check) is an answer before anything is sent; `onError`
 * hears a failure after the answer has started (the download is then cut short; the browser sees a failed
 * download, never a complete-looking file).
 */
export async function reportFile(db: Db, r: ExcelReportRequest, onError: (err: unknown) => void): Promise<ReportFile> {
  const fileName = reportFileName(r);
  const contentType = REPORT_FILE_CONTENT_TYPES[r.format];
  if (r.format === 'quickbooks_csv') return { fileName, contentType, body: await quickBooksCsv(db, r) };
  const out = new PassThrough();
  let started = false;
  const checked = new Promise<void>((resolve, reject) => {
    db.transaction(async (tx) => {
      await checkOneCurrency(tx, r);
      started = true;
      resolve();
      await writeFile(tx, r, out);
    }, READ_ONLY).catch((err: unknown) => {
      if (!started) return reject(err);
      onError(err);
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
  });
  await checked;
  return { fileName, contentType, body: out };
}

async function writeFile(tx: DbOrTx, r: ExcelReportRequest, out: Writable): Promise<void> {
  const settings = await getAccountingSettings(tx);
  if (r.format === 'telpay_csv') return writeTelpayCsv(out, agentPayments(tx, r));
  if (r.format === 'quickbooks_iif') return writeIif(out, agentPayments(tx, r), accountsOf(settings));
  if (r.report_type === 'bookings')
    return writeBookingsWorkbook(out, {
      stats: await paymentStats(tx, r),
      accounts: accountsOf(settings),
      dateFormat: settings.quickbooks_date_format,
      payments: () => agentPayments(tx, r),
    });
  return writeCommissionsWorkbook(out, { summaries: await agentSummaries(tx, r), lines: commissionLines(tx, r) });
}

/**
 * The QuickBooks Online journal CSV (UTF-8 with BOM), whole: at most {@link QUICKBOOKS_MAX_DATA_ROWS} rows
 * (never one entry split across files), else a 422 asking for a narrower report. Reading stops at the
 * first row over the limit.
 */
async function quickBooksCsv(db: Db, r: ExcelReportRequest): Promise<Buffer> {
  return db.transaction(async (tx) => {
    await checkOneCurrency(tx, r);
    const settings = await getAccountingSettings(tx);
    const accounts = accountsOf(settings);
    let text = quickBooksCsvHeader();
    let rows = 0;
    for await (const batch of agentPayments(tx, r)) {
      for (const payment of batch) {
        const entry = journalEntry(payment, accounts);
        rows += entry.length;
        if (rows > QUICKBOOKS_MAX_DATA_ROWS) throw fieldError('format', QUICKBOOKS_TOO_MANY_ROWS);
        text += entry.map((line) => quickBooksCsvLine(line, settings.quickbooks_date_format)).join('');
      }
    }
    return Buffer.from(text, 'utf8');
  }, READ_ONLY);
}
