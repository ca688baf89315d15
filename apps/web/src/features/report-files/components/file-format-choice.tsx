import type { ExcelReportType, ReportFileFormat } from '@app/domain';
import { Radio, Stack } from '@mantine/core';
import { formatsFor } from '../utils/report-form';

/** Beyond the spec (issue 14): why there is more than the workbook. */
export const FORMAT_HINT =
  'Telpay imports only .csv and .txt files: choose the Telpay CSV to upload the payments, a QuickBooks file to import the journal. ' +
  'A CSV or IIF file holds one currency: when the range paid in more than one, choose it in Currency; the workbook keeps each currency in its own section.';

interface FileFormatChoiceProps {
  reportType: ExcelReportType;
  value: ReportFileFormat;
  onChange: (value: ReportFileFormat) => void;
}

/** The file the report is written as; the Telpay and QuickBooks files exist for the bookings report only. */
export function FileFormatChoice({ reportType, value, onChange }: FileFormatChoiceProps) {
  const formats = formatsFor(reportType);
  return (
    <Radio.Group
      value={value}
      onChange={(next) => {
        const format = formats.find((f) => f.id === next);
        if (format) onChange(format.id);
      }}
      label="File format"
      description={reportType === 'bookings' ? FORMAT_HINT : 'This report is an Excel workbook only.'}
    >
      <Stack gap="xs" mt={6}>
        {formats.map((format) => (
          <Radio key={format.id} value={format.id} label={format.label} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
