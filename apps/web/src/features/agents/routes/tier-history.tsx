import type { AgentTierHistoryResponse } from '@app/domain';
import { Badge, Card, Group, Paper, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { QueryContent } from '../../../components/query-content';
import { Stat } from '../../../components/stat';
import { formatDate } from '../../../lib/format';
import { useTierHistory } from '../api/agents';

/** /agents/{id}/tier-history (agents spec §2.3): an admin, or the agent themself. */
export function TierHistoryRoute() {
  const id = Number(useParams().id);
  const history = useTierHistory(id);
  return (
    <>
      <PageHeader title="Agent Tier History" />
      <QueryContent query={history} noun="tier history" loading={<FullPageLoader />}>
        {(data) => <TierHistoryView data={data} />}
      </QueryContent>
    </>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{children}</Text>
    </div>
  );
}

export function TierHistoryView({ data }: { data: AgentTierHistoryResponse }) {
  const { agent, history, statistics } = data;
  return (
    <Stack>
      <Paper withBorder p="md" radius="md" data-testid="agent-information">
        <Title order={4} mb="sm">
          Agent Information
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Field label="Name">{agent.user.name}</Field>
          <Field label="Current Tier">{agent.commission_tier?.name ?? 'No Active Tier'}</Field>
          <Field label="Email">{agent.user.email}</Field>
          <Field label="Agent Since">{formatDate(agent.agent_since)}</Field>
        </SimpleGrid>
      </Paper>

      <Paper withBorder p="md" radius="md" data-testid="tier-timeline">
        <Title order={4} mb="md">
          Tier History Timeline
        </Title>
        {history.length === 0 ? (
          <Text c="dimmed">No tier history available</Text>
        ) : (
          <Timeline active={0} bulletSize={18} lineWidth={2}>
            {history.map((entry) => (
              <Timeline.Item key={entry.id} title={`${entry.commission_tier.name} Tier`} data-testid="tier-entry">
                <Group gap="lg" mt={4}>
                  <Text size="sm">
                    <Text span c="dimmed">
                      From:{' '}
                    </Text>
                    {formatDate(entry.start_date)}
                  </Text>
                  <Text size="sm" component="div">
                    <Text span c="dimmed">
                      To:{' '}
                    </Text>
                    {entry.end_date ? (
                      <>
                        {formatDate(entry.end_date)}
                        {entry.end_date === entry.start_date && (
                          // DOMAIN.md: a change on the day the tier began closes it that day; it stays and counts.
                          <Badge ml="xs" color="gray" variant="light" data-testid="same-day">
                            Changed the same day
                          </Badge>
                        )}
                      </>
                    ) : (
                      <Badge color="green" variant="light">
                        Current Active Tier
                      </Badge>
                    )}
                  </Text>
                </Group>
                {entry.reason && (
                  <Text size="sm" mt={4}>
                    <Text span c="dimmed">
                      Reason:{' '}
                    </Text>
                    {entry.reason}
                  </Text>
                )}
                <Text size="xs" c="dimmed" mt={4}>
                  Changed by: {entry.changed_by_user?.name ?? 'System'}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Paper>

      <Paper withBorder p="md" radius="md" data-testid="tier-statistics">
        <Title order={4} mb="sm">
          Tier Statistics
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {(
            [
              ['Total Tier Changes', statistics.total_tier_changes],
              ['Average Time in Tier', statistics.average_time_in_tier],
              ['Most Recent Change', statistics.most_recent_change ? formatDate(statistics.most_recent_change) : 'N/A'],
            ] as const
          ).map(([label, value]) => (
            <Card withBorder key={label}>
              <Stat label={label} value={value} />
            </Card>
          ))}
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
