import { payoutListResponseSchema } from '@app/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { downloadFile, getJson } from '../../../lib/api-client';
import { fallbackFilename, reportRequestBody, type ReportFilters } from '../utils/report-form';

export type PayoutOption = z.output<typeof payoutListResponseSchema>['payouts'][number];

/**
 * `GET /api/payouts` (spec §7: id, name, total_amount, payout_date), newest first: the 'From Payout' options.
 * Under the payouts key, so a new payout refreshes them.
 */
export const payoutOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['payouts', 'report-options'],
    queryFn: async ({ signal }) =>
      (await getJson('/api/payouts', { query: { page: 1, per_page: 500 }, signal, schema: payoutListResponseSchema }))
        .payouts,
  });

/** Hands a downloaded file to the browser as a link click (the file name is the link's `download`). */
export function saveFile(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href, download: filename, hidden: true });
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The click starts the download; the object URL can go once it has.
    window.setTimeout(() => URL.revokeObjectURL(href), 0);
  }
}

/**
 * `POST /api/reports/excel` (CONTRACT.md §3; spec §7 "Excel report creation"): the file, named by the
 * answer's Content-Disposition or the spec's fallback, saved through a link click. Returns the file name.
 */
export async function generateExcelReport(filters: ReportFilters): Promise<string> {
  const { blob, filename } = await downloadFile('/api/reports/excel', {
    method: 'POST',
    json: reportRequestBody(filters),
    fallbackFilename: fallbackFilename(filters.report_type, filters.format),
  });
  saveFile(blob, filename);
  return filename;
}

export function useGenerateExcelReport() {
  return useMutation({ mutationFn: generateExcelReport });
}
