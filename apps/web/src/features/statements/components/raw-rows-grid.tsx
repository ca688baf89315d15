import { columnLetter } from '@app/domain';
import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { NO_WRAP } from '../../../components/list-table';

interface RawRowsGridProps {
  /** The file's first rows, each cell as text. */
  rows: readonly (readonly string[])[];
  columnCount: number;
  /** Header rows skipped: shown dimmed. */
  skipRows: number;
  /** What each column is mapped to. */
  roles: Map<number, string[]>;
}

/** The statement's first rows as they are, under their column letters and what each column is mapped to. */
export function RawRowsGrid({ rows, columnCount, skipRows, roles }: RawRowsGridProps) {
  const columns = Array.from({ length: columnCount }, (_, i) => i);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="xs">
        <div>
          <Title order={4}>The file&apos;s first rows</Title>
          <Text size="sm" c="dimmed">
            {`As they are in the file (the first ${rows.length}); header rows to skip are dimmed.`}
          </Text>
        </div>
        <Table.ScrollContainer minWidth={Math.max(480, 60 + columnCount * 120)} mah={420}>
          <Table withTableBorder withColumnBorders fz="xs" verticalSpacing={4} data-testid="statement-raw-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>Row</Table.Th>
                {columns.map((i) => (
                  <Table.Th key={i} {...NO_WRAP}>
                    {columnLetter(i)}
                    {roles.get(i)?.map((role) => (
                      <Badge key={role} size="xs" variant="light" tt="none" ml={6}>
                        {role}
                      </Badge>
                    ))}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, r) => {
                const skipped = r < skipRows;
                return (
                  <Table.Tr key={r} c={skipped ? 'dimmed' : undefined} fs={skipped ? 'italic' : undefined}>
                    <Table.Td {...NO_WRAP}>
                      {r + 1}
                      {skipped && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          skipped
                        </Text>
                      )}
                    </Table.Td>
                    {columns.map((i) => (
                      <Table.Td key={i} maw={240} style={{ overflowWrap: 'anywhere' }}>
                        {row[i] ?? ''}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
