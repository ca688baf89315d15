import { Code, List, Paper, Text, Title } from '@mantine/core';

/** The file format, in the spec's words (§2.6), plus what the preview does with rows it cannot read. */
export function ImportInstructions({ bookingNumberFormat }: { bookingNumberFormat: string | null }) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid="import-instructions">
      <Title order={4} mb="xs">
        File format
      </Title>
      <List size="sm" spacing={6}>
        <List.Item>
          Two columns only: the <b>reference</b>, then the <b>amount</b>.
        </List.Item>
        <List.Item>No header row: the first row is imported too, it is not skipped.</List.Item>
        <List.Item>
          A positive amount is a <b>credit</b>, a negative amount a <b>debit</b>. All amounts are processed as absolute
          values.
        </List.Item>
        <List.Item>
          Examples: <Code>INV123,100.50</Code> (credit) and <Code>PMT456,-75.25</Code> (debit).
        </List.Item>
        <List.Item>
          An empty description is auto-generated as <Code>CSV/Excel Import - [Date]</Code>.
        </List.Item>
        <List.Item>CSV or TXT (comma, semicolon or tab separated), XLSX or XLS (first sheet); at most 10MB.</List.Item>
        <List.Item>
          Amounts use a point for decimals; an amount with a thousands comma must be in quotes, e.g.{' '}
          <Code>INV126,&quot;1,234.50&quot;</Code>.
        </List.Item>
        {bookingNumberFormat && (
          <List.Item>
            References must match this supplier&apos;s format <Code>{bookingNumberFormat}</Code>.
          </List.Item>
        )}
      </List>
      <Text size="xs" c="dimmed" mt="sm">
        The preview lists every row that cannot be imported, with the reason, before anything is written.
      </Text>
    </Paper>
  );
}
