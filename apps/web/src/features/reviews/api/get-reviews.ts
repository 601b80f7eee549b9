import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getReviews = (signal?: AbortSignal) => api.get('/reviews', { signal });

export const getReviewsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.reviews.all, queryFn: ({ signal }) => getReviews(signal) });

export const useReviews = () => useQuery(getReviewsQueryOptions());
