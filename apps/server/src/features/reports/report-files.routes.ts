import { REPORT_FILE_CONTENT_TYPES, reportEndpoints } from '@app/domain';
import type { RouteModule } from '../../http/app';
import { route } from '../../http/route';
import { reportFile } from './report-files.service';

/** The accounting files (issue 14 "Excel"; CONTRACT.md §3): admins only. */
export const reportFileRoutes: RouteModule = ({ db }) => [
  route({
    endpoint: reportEndpoints.excel,
    access: 'admin',
    summary:
      'A report file of the money paid in the range: the payout items (immutable, as paid: custom percentages and GST included) of payouts whose payout_date is between start_date and end_date, optionally of one payout_id, of bookings of supplier_id (filter_mode include) or of any other supplier (exclude), of payouts in currency_id. ' +
      "report_type 'bookings': an .xlsx with a 'Telpay' sheet (one row per agent per payout: payee code = FareConnect number, payee name ≤ 30 ASCII, account number, payment date, amount = commission + GST, invoice number, GST/HST, commission, currency) and a 'QuickBooks' sheet of the same money as balanced journal lines (commission and GST debited, the clearing account credited; a clawback swaps the sides). " +
      "report_type 'commissions': an .xlsx with a 'Summary' sheet (one row per agent and currency) and one sheet per agent with every line. Totals rows per currency are SUM formulas with their cached values. " +
      "format (beyond the contract, 'bookings' only): 'telpay_csv' (ASCII, CRLF), 'quickbooks_csv' (UTF-8 with BOM; more than 999 rows is a 422 asking for a shorter range), 'quickbooks_iif' (QuickBooks Desktop, tab-separated, Latin-1). These three hold one currency: a range whose payouts paid in more than one is a 422 on currency_id asking for the Currency filter (the .xlsx workbooks keep each currency in its own section). Content-Disposition names the file (telpay_report_{start}_{end}.xlsx, quickbooks_report_…, telpay_payments_….csv, quickbooks_journal_….csv/.iif). An empty range is a file with headers only.",
    tags: ['reports'],
    produces: REPORT_FILE_CONTENT_TYPES.xlsx,
    // The answer is a file: its content type is set per format below.
    handler: async ({ body, reply, req }) => {
      const file = await reportFile(db, body, (err) => req.log.error({ err }, 'report file failed while streaming'));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  }),
];
