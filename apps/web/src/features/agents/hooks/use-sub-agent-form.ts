import { subAgentLinkInputSchema, type SubAgentLink } from '@app/domain';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useSaveSubAgent } from '../api/sub-agents';
import {
  SUB_AGENT_MESSAGES,
  subAgentErrorMessage,
  subAgentFieldErrors,
  toSubAgentFormData,
} from '../utils/sub-agent-form';

interface Values {
  sub_agent_id: string;
  split_percentage: string;
  suppliers: string[];
}

/** The sub-agent link's values (a new link when `link` is absent), the alert above them and their save. */
export function useSubAgentForm(parentId: number, link: SubAgentLink | undefined, onSaved: (message: string) => void) {
  const create = link === undefined;
  const save = useSaveSubAgent(parentId);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      sub_agent_id: link ? String(link.sub_agent_id) : '',
      split_percentage: link ? link.split_percentage : '',
      suppliers: link ? link.suppliers.map((s) => String(s.id)) : [],
    },
    validate: schemaResolver(subAgentLinkInputSchema(create ? 'create' : 'edit'), { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    setAlert(null);
    save.mutate(
      { subAgentId: link?.sub_agent_id, form: toSubAgentFormData(values, create) },
      {
        onSuccess: (body) => {
          if (body?.status === 'success') onSaved(body.message ?? 'Saved.');
          else setAlert(body?.message || SUB_AGENT_MESSAGES.fallback);
        },
        onError: (error) => {
          form.setErrors(subAgentFieldErrors(error));
          setAlert(subAgentErrorMessage(error));
        },
      },
    );
  });

  return { create, form, alert, submit, isSaving: save.isPending };
}
