import { downloadFile, type Query } from '../../../lib/api-client';

/** Spec §8 'PDF failure': the alert the dashboard's PDF buttons show. */
export const PDF_ERROR = 'Error generating PDF. Please try again.';

/**
 * Hands a file to the browser under `filename`: an object URL behind a link clicked once. The link is in the
 * document while it is clicked (Firefox ignores a detached one) and the URL is revoked a moment later, not at
 * once (revoking synchronously can cancel the download in some browsers).
 */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href, download: filename, rel: 'noopener' });
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 1_000);
}

/** Fetches a PDF (the session's cookie, no CSRF needed for a GET) and saves it under the server's file name. */
export async function downloadPdf(url: string, fallbackFilename: string, query?: Query): Promise<void> {
  const { blob, filename } = await downloadFile(url, { query, fallbackFilename });
  saveBlob(blob, filename);
}

/** `GET /api/reports/payout-pdf/{payoutId}`: one payout record, its items grouped by agent. */
export const payoutPdfUrl = (payoutId: number) => `/api/reports/payout-pdf/${payoutId}`;

/** `GET /api/reports/next-payout-pdf?<dashboard filters>`: what Next Payout would pay now. */
export const NEXT_PAYOUT_PDF_URL = '/api/reports/next-payout-pdf';
