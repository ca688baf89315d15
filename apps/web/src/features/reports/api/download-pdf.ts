import { reportEndpoints, type ReportFiltersInput } from '@app/domain';
import { saveEndpointFile } from '../../../lib/save-file';

/** Spec §8 'PDF failure': the alert the dashboard's PDF buttons show. */
export const PDF_ERROR = 'Error generating PDF. Please try again.';

/*
 * Each fetches its PDF (the session's cookie, no CSRF needed for a GET) and saves it under the server's
 * file name, else the fallback.
 */

/** `GET /api/reports/payout-pdf/{payoutId}`: one payout record, its items grouped by agent. */
export async function downloadPayoutPdf(payoutId: number): Promise<void> {
  await saveEndpointFile(reportEndpoints.payoutPdf, {
    params: { payoutId },
    fallbackFilename: `payout-${payoutId}.pdf`,
  });
}

/** `GET /api/reports/next-payout-pdf?<dashboard filters>`: what Next Payout would pay now. */
export async function downloadNextPayoutPdf(query: ReportFiltersInput): Promise<void> {
  await saveEndpointFile(reportEndpoints.nextPayoutPdf, { query, fallbackFilename: 'next-payout.pdf' });
}
