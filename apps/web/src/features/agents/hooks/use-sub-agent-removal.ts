import type { SubAgentLink } from '@app/domain';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDeleteSubAgent } from '../api/sub-agents';
import { subAgentErrorMessage } from '../utils/sub-agent-form';

/** The link whose removal is being confirmed, why a removal failed, and the removal itself. */
export function useSubAgentRemoval(parentId: number) {
  const remove = useDeleteSubAgent(parentId);
  const [removing, setRemoving] = useState<SubAgentLink | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const ask = (link: SubAgentLink) => {
    setRemoveError(null);
    setRemoving(link);
  };
  const confirm = () =>
    removing &&
    remove.mutate(removing.sub_agent_id, {
      onSuccess: (body) => {
        notifications.show({ color: 'green', message: body?.message ?? 'Removed.' });
        setRemoving(null);
      },
      onError: (error) => setRemoveError(subAgentErrorMessage(error)),
    });

  return {
    removing,
    removeError,
    ask,
    confirm,
    cancel: () => setRemoving(null),
    isRemoving: remove.isPending,
  };
}
