import { reportEndpoints } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { saveEndpointFile } from '../../../lib/save-file';
import { fallbackFilename, reportRequestBody, type ReportFilters } from '../utils/report-form';

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
