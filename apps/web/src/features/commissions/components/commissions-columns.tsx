import { COMMISSION_RULE_TYPE_LABELS, type CommissionListItem } from '@app/domain';
import { Badge, Text } from '@mantine/core';
import { actionsColumn, DeleteButton, EditButton, type ListColumn } from '../../../components/list-table';
import { formatPercent } from '../../../lib/format';
import { paths } from '../../../lib/paths';

/** The rules list's columns: type, owner, percentage, suppliers, and edit and delete per rule. */
export function commissionColumns(onDelete: (rule: CommissionListItem) => void): ListColumn<CommissionListItem>[] {
  return [
    {
      header: 'Type',
      th: { miw: 100 },
      cell: (rule) => (
        <Badge variant="light" miw={72} color={rule.commission_type === 'tier' ? 'grape' : 'blue'}>
          {COMMISSION_RULE_TYPE_LABELS[rule.commission_type]}
        </Badge>
      ),
    },
    { header: 'Owner', cell: (rule) => rule.owner_name, td: { fw: 500 } },
    {
      header: 'Percentage',
      th: { ta: 'right' },
      td: { ta: 'right', ff: 'monospace' },
      cell: (rule) => formatPercent(rule.percentage, { minimumFractionDigits: 2 }),
    },
    {
      header: 'Suppliers',
      cell: ({ suppliers }) =>
        suppliers.length === 0 ? (
          <Text span c="dimmed" size="sm">
            No suppliers
          </Text>
        ) : (
          <Text size="sm">{suppliers.map((s) => s.name).join(', ')}</Text>
        ),
    },
    actionsColumn((rule) => (
      <>
        <EditButton label={`Edit commission of ${rule.owner_name}`} to={paths.commissions.edit(rule.id)} />
        <DeleteButton label={`Delete commission of ${rule.owner_name}`} onClick={() => onDelete(rule)} />
      </>
    )),
  ];
}
