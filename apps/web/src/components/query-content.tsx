import { Box, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueryError } from './query-error';

/** What `QueryContent` needs of a query (a TanStack Query result fits). */
export interface ContentQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  data?: T;
}

interface QueryContentProps<T> {
  query: ContentQuery<T>;
  /** Lower case: 'Loading settings', 'The settings could not be loaded.' */
  noun: string;
  /** In place of the three skeleton lines while loading. */
  loading?: ReactNode;
  /** Inside a frame without padding (a list's table): the error keeps off its edges. */
  framed?: boolean;
  children: (data: T) => ReactNode;
}

/** A query's part of a screen: skeleton lines while it loads, its error with Retry, then its data. */
export function QueryContent<T>({ query, noun, loading, framed, children }: QueryContentProps<T>) {
  if (query.isPending) {
    return (
      loading ?? (
        <Stack p="md" gap="sm" role="status" aria-label={`Loading ${noun}`}>
          <Skeleton h={20} />
          <Skeleton h={20} />
          <Skeleton h={20} />
        </Stack>
      )
    );
  }
  if (query.isError || query.data === undefined) {
    const error = (
      <QueryError
        error={query.error}
        fallback={`The ${noun} could not be loaded.`}
        onRetry={() => void query.refetch()}
      />
    );
    return framed ? <Box p="md">{error}</Box> : error;
  }
  return children(query.data);
}
