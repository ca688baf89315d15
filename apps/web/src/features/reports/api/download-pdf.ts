import type { Query } from '../../../lib/api-client';
import { downloadAndSave } from '../../../lib/save-file';

/** Spec §8 'PDF failure': the alert the dashboard's PDF buttons show. */
export const PDF_ERROR = 'Error generating PDF. Please try again.';

/** Fetches a PDF (the session's cookie, no CSRF needed for a GET) and saves it under the server's file name. */
export async function downloadPdf(url: string, fallbackFilename: string, query?: Query): Promise<void> {
  await downloadAndSave(url, { query, fallbackFilename });
}

/** `GET /api/reports/payout-pdf/{payoutId}`: one payout record, its items grouped by agent. */
export const payoutPdfUrl = (payoutId: number) => `/api/reports/payout-pdf/${payoutId}`;

/** `GET /api/reports/next-payout-pdf?<dashboard filters>`: what Next Payout would pay now. */
export const NEXT_PAYOUT_PDF_URL = '/api/reports/next-payout-pdf';
