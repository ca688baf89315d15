import { payoutEndpoints, reportEndpoints, type EndpointResponse } from '@app/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { saveEndpointFile } from '../../../lib/save-file';
import { fallbackFilename, reportRequestBody, type ReportFilters } from '../utils/report-form';

export type PayoutOption = EndpointResponse<typeof payoutEndpoints.list>['payouts'][number];

/**
 * `GET /api/payouts` (spec §7: id, name, total_amount, payout_date), newest first: the 'From Payout' options.
 * Under the payouts key, so a new payout refreshes them.
 */
export const payoutOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['payouts', 'report-options'],
    queryFn: async ({ signal }) =>
      (await callEndpoint(payoutEndpoints.list, { query: { page: 1, per_page: 500 }, signal })).payouts,
  });

/**
 * `POST /api/reports/excel` (CONTRACT.md §3; spec §7 "Excel report creation"): the file, named by the
 * answer's Content-Disposition or the spec's fallback, saved through a link click. Returns the file name.
 */
export async function generateExcelReport(filters: ReportFilters): Promise<string> {
  return saveEndpointFile(reportEndpoints.excel, {
    body: reportRequestBody(filters),
    fallbackFilename: fallbackFilename(filters.report_type, filters.format),
  });
}

export function useGenerateExcelReport() {
  return useMutation({ mutationFn: generateExcelReport });
}
