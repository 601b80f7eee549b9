import { QueryClient } from '@tanstack/react-query';
import { isRetriable } from './api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not change by asking again; a network failure might.
      retry: (failureCount, error) => failureCount < 2 && isRetriable(error),
    },
  },
});
