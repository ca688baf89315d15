import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import { PageHeader } from '../../../components/page-header';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { FileFormatChoice } from '../components/file-format-choice';
import { ReportDates, ReportPickers, SupplierFilterMode } from '../components/report-filter-fields';
import { ReportTypeCards } from '../components/report-type-cards';
import { useExcelReport } from '../hooks/use-excel-report';

/** /reports/excel (agents-transactions-payouts §2.11, §4 "Report generation", §7, §8; admins only). */
export function ExcelReportsRoute() {
  const report = useExcelReport();
  const { filters, set } = report;
  return (
    <>
      <PageHeader
        title="Excel Reports"
        description="The commission and GST paid to agents by the payouts dated within the range, as files for Telpay and QuickBooks."
      />
      <Paper
        withBorder
        radius="md"
        p="lg"
        component="form"
        onSubmit={report.submit}
        noValidate
        aria-label="Excel report"
      >
        <Stack gap="lg">
          <ReportDates filters={filters} set={set} datesMissing={report.datesMissing} />
          <ReportPickers filters={filters} set={set} currencyRefused={report.currencyRefused} />
          <SupplierFilterMode filters={filters} set={set} />
          <ReportTypeCards value={filters.report_type} onChange={report.chooseReportType} />
          <FileFormatChoice reportType={filters.report_type} value={filters.format} onChange={set('format')} />
          <FormErrorAlert state={report.problem} onClose={report.dismissProblem} />
          <GenerateButton generating={report.generating} saved={report.saved} />
        </Stack>
      </Paper>
    </>
  );
}

/** Generate Report (Generating... while it runs), and the name of the file it downloaded. */
function GenerateButton({ generating, saved }: { generating: boolean; saved: string | null }) {
  return (
    <Group gap="md">
      <Button
        type="submit"
        disabled={generating}
        leftSection={generating ? <Loader size={16} color="gray" /> : <IconFileSpreadsheet size={18} />}
      >
        {generating ? 'Generating...' : 'Generate Report'}
      </Button>
      {saved && (
        <Text size="sm" c="teal" data-testid="report-saved">
          <IconCircleCheck size={16} style={{ verticalAlign: 'text-bottom', marginRight: 4 }} aria-hidden />
          Downloaded {saved}
        </Text>
      )}
    </Group>
  );
}
