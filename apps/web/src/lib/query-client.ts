import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Client errors (4xx) are answers, not glitches: retry only network failures and 5xx, twice. */
const shouldRetry = (failureCount: number, error: unknown) => {
  if (isApiError(error) && error.kind === 'http' && error.status < 500) return false;
  if (isApiError(error) && error.kind === 'invalid_response') return false;
  return failureCount < 2;
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
