import { agentEndpoints } from '@app/domain';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../lib/call-endpoint';

/** `GET /agents-list`: every agent as a select offers it (the account form, the booking form, the reports). */
export const agentOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['agents-list'],
    queryFn: async ({ signal }) => (await callEndpoint(agentEndpoints.options, { signal })).data,
  });
