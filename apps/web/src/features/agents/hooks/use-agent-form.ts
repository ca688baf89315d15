import { idOptions } from '../../../components/filter-fields';
import { agentInputSchema, type AgentDetail } from '@app/domain';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { todayUtc } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { getStates, useCountries, useSaveAgent, useTiers } from '../api/agents';
import {
  agentFieldErrors,
  agentFormErrorMessage,
  agentSavedNotice,
  AGENT_FORM_MESSAGES,
  focusFirstError,
  initialAgentValues,
  isTierChange,
  toAgentFormData,
  type AgentFormValues,
} from '../utils/agent-form';

/** The agent form's Mantine form, as its sections edit it. */
export type AgentFormApi = UseFormReturnType<AgentFormValues>;

/** The agent form's values, its reference lists (tiers, countries, the country's states) and its save. */
export function useAgentForm(agent: AgentDetail | undefined) {
  const mode: 'create' | 'edit' = agent ? 'edit' : 'create';
  const navigate = useNavigate();
  const save = useSaveAgent();
  const tiers = useTiers();
  const countries = useCountries();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<AgentFormValues>({
    initialValues: initialAgentValues(agent),
    validate: schemaResolver(agentInputSchema(mode, todayUtc), { sync: true }),
  });
  const { country_id: countryId } = form.values;

  // States follow the country (GET /api/countries/{id}/states); an error empties the list.
  const states = useQuery({
    queryKey: ['countries', countryId, 'states'],
    queryFn: () => getStates(countryId),
    enabled: countryId !== '',
    staleTime: 10 * 60_000,
  });

  const submit = form.onSubmit(
    (values, event) => {
      const root = event?.currentTarget instanceof HTMLElement ? event.currentTarget : null;
      setAlert(null);
      save.mutate(
        { id: agent?.id, form: toAgentFormData(values, agent) },
        {
          onSuccess: (body) => {
            if (body?.status !== 'success') {
              setAlert(body?.message || AGENT_FORM_MESSAGES.submit);
              return;
            }
            // The server's sentence, a recalculation's money in each currency's symbol.
            notifications.show({ color: 'green', message: agentSavedNotice(body) });
            void navigate(body.redirect ?? paths.agents.list);
          },
          onError: (error) => {
            const fieldErrors = agentFieldErrors(error);
            form.setErrors(fieldErrors);
            setAlert(agentFormErrorMessage(error));
            requestAnimationFrame(() => focusFirstError(root, fieldErrors));
          },
        },
      );
    },
    (errors, _values, event) => {
      const root = event?.currentTarget instanceof HTMLElement ? event.currentTarget : null;
      setAlert(AGENT_FORM_MESSAGES.validation);
      requestAnimationFrame(() => focusFirstError(root, errors));
    },
  );

  return {
    mode,
    form,
    alert,
    submit,
    cancel: () => void navigate(paths.agents.list),
    isSaving: save.isPending,
    tierChange: isTierChange(form.values, agent),
    tierOptions: idOptions(tiers.data ?? []),
    countryOptions: idOptions(countries.data ?? []),
    stateOptions: countryId ? idOptions(states.data ?? []) : [],
  };
}
