import type { Review, ReviewInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type CreateReviewResponse = Review & { message: string };

/** `POST /api/reviews` (bearer): the new review, and "Review Added". */
export const createReview = (input: ReviewInput) =>
  api.post<CreateReviewResponse>('/reviews', input);

/** The home page's testimonials are read again, so the review shows there. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
  });
}
