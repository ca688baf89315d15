import { EXCEL_REPORT_TYPES, type ExcelReportType } from '@app/domain';
import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';

interface ReportTypeCardsProps {
  value: ExcelReportType;
  onChange: (value: ExcelReportType) => void;
}

const isReportType = (value: string): value is ExcelReportType => EXCEL_REPORT_TYPES.some((t) => t.id === value);

/**
 * The Report Type cards (spec §2.11: a name and a description each, selected by clicking). They are radio
 * cards: Tab reaches them, Space or Enter picks one, the arrow keys move between them; the chosen one is
 * bordered and tinted with the primary colour and its radio is filled.
 */
export function ReportTypeCards({ value, onChange }: ReportTypeCardsProps) {
  return (
    <Radio.Group
      value={value}
      onChange={(next) => isReportType(next) && onChange(next)}
      label="Report Type"
      withAsterisk
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt={6}>
        {EXCEL_REPORT_TYPES.map((type) => {
          const checked = type.id === value;
          return (
            <Radio.Card
              key={type.id}
              value={type.id}
              radius="md"
              p="md"
              data-testid={`report-type-${type.id}`}
              style={{
                borderColor: checked ? 'var(--mantine-primary-color-filled)' : undefined,
                backgroundColor: checked ? 'var(--mantine-primary-color-light)' : undefined,
              }}
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator mt={2} />
                <Stack gap={2}>
                  <Text fw={600}>{type.name}</Text>
                  <Text size="sm">{type.summary}</Text>
                  <Text size="xs" c="dimmed">
                    {type.description}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
