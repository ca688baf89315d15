import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useAgent } from '../api/agents';
import { AgentForm } from '../components/agent-form';

/** /agents/create and /agents/{id}/edit (admin). */
export function AgentFormRoute() {
  const { id } = useParams();
  const agentId = id ? Number(id) : undefined;
  const agent = useAgent(agentId ?? 0, agentId !== undefined);
  if (agentId === undefined) {
    return (
      <>
        <PageHeader title="Create Agent" />
        <AgentForm />
      </>
    );
  }
  return (
    <>
      <PageHeader title="Edit Agent" description={agent.data ? agent.data.full_name : undefined} />
      {agent.isPending ? (
        <FullPageLoader />
      ) : agent.isError ? (
        <Stack>
          <QueryError
            error={agent.error}
            fallback="The agent could not be loaded."
            onRetry={() => void agent.refetch()}
          />
        </Stack>
      ) : (
        <AgentForm key={agent.data.id} agent={agent.data} />
      )}
    </>
  );
}
