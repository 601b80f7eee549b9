import type { Review } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getReviews = (signal?: AbortSignal) => api.get<Review[]>('/reviews', { signal });

export const reviewsQueryKey = ['reviews'] as const;

export const useReviews = () =>
  useQuery({ queryKey: reviewsQueryKey, queryFn: ({ signal }) => getReviews(signal) });
