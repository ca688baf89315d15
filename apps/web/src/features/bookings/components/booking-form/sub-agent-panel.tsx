import { Paper, Text, Title } from '@mantine/core';
import { formatPercent } from '../../../../lib/format';
import type { CommissionRate } from '../../api/bookings-api';

interface SubAgentPanelProps {
  /** The rate answer for a supplier reached through a parent agent. */
  subAgent: CommissionRate;
  /** The sub-agent who books through the parent (the name when the form knows it). */
  subAgentInfo: { id: number; name: string | null } | null;
  primaryAgentId: number | null;
  /** The parent's and the primary agent's names, when the form knows them (else the id is shown). */
  parentAgentName: string | null;
  primaryAgentName: string | null;
  supplierName: string | undefined;
}

const agentText = (name: string | null, id: number | null) => name ?? (id === null ? '—' : `Agent #${id}`);

/**
 * Spec §2: the parent agent, the split and the primary agent, and how the commission is split; and the
 * sub-agent, since the primary agent (the parent) is not the one booking.
 */
export function SubAgentPanel({
  subAgent,
  subAgentInfo,
  primaryAgentId,
  parentAgentName,
  primaryAgentName,
  supplierName,
}: SubAgentPanelProps) {
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-blue-light)" data-testid="sub-agent-panel">
      <Title order={5} mb="xs">
        Sub-agent booking
      </Title>
      {subAgentInfo && <Text size="sm">Sub-agent: {agentText(subAgentInfo.name, subAgentInfo.id)}</Text>}
      <Text size="sm">Parent agent: {agentText(parentAgentName, subAgent.parent_agent_id)}</Text>
      <Text size="sm">Split percentage: {formatPercent(subAgent.split_percentage)}</Text>
      <Text size="sm">Primary agent: {agentText(primaryAgentName, primaryAgentId)}</Text>
      <Text size="sm" mt="xs" c="dimmed">
        Commission split for {supplierName}: the sub-agent receives{' '}
        {formatPercent(subAgent.sub_agent_commission_percentage)} of the booking amount and the parent agent{' '}
        {formatPercent(subAgent.parent_commission_percentage)} (agent side{' '}
        {formatPercent(subAgent.commission_percentage)}).
      </Text>
    </Paper>
  );
}
