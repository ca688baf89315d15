import type { AgentTierHistoryResponse } from '@app/domain';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Timeline } from '@mantine/core';
import { useParams } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { QueryContent } from '../../../components/query-content';
import { Stat } from '../../../components/stat';
import { formatDate } from '../../../lib/format';
import { useTierHistory } from '../api/agents';
import { SectionCard } from '../components/section-card';

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
  return (
    <Stack>
      <AgentInformation agent={data.agent} />
      <TierTimeline history={data.history} />
      <TierStatistics statistics={data.statistics} />
    </Stack>
  );
}

function AgentInformation({ agent }: { agent: AgentTierHistoryResponse['agent'] }) {
  return (
    <SectionCard title="Agent Information" data-testid="agent-information">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Field label="Name">{agent.user.name}</Field>
        <Field label="Current Tier">{agent.commission_tier?.name ?? 'No Active Tier'}</Field>
        <Field label="Email">{agent.user.email}</Field>
        <Field label="Agent Since">{formatDate(agent.agent_since)}</Field>
      </SimpleGrid>
    </SectionCard>
  );
}

type TierHistoryEntry = AgentTierHistoryResponse['history'][number];

/** The agent's tiers, newest first: each with its dates, reason and who changed it. */
function TierTimeline({ history }: { history: TierHistoryEntry[] }) {
  return (
    <SectionCard title="Tier History Timeline" titleGap="md" data-testid="tier-timeline">
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
                  <TierEnd entry={entry} />
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
    </SectionCard>
  );
}

/** When a tier ended, or that it is the current one. */
function TierEnd({ entry }: { entry: TierHistoryEntry }) {
  if (!entry.end_date) {
    return (
      <Badge color="green" variant="light">
        Current Active Tier
      </Badge>
    );
  }
  return (
    <>
      {formatDate(entry.end_date)}
      {entry.end_date === entry.start_date && (
        // DOMAIN.md: a change on the day the tier began closes it that day; it stays and counts.
        <Badge ml="xs" color="gray" variant="light" data-testid="same-day">
          Changed the same day
        </Badge>
      )}
    </>
  );
}

function TierStatistics({ statistics }: { statistics: AgentTierHistoryResponse['statistics'] }) {
  return (
    <SectionCard title="Tier Statistics" data-testid="tier-statistics">
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
    </SectionCard>
  );
}
