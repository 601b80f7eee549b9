import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiAnswer, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type CreateReviewResponse = ApiAnswer<'post', '/reviews'>;

/** `POST /api/reviews` (bearer): the new review, and "Review Added". */
export const createReview = (input: ApiBody<'post', '/reviews'>) =>
  api.post('/reviews', { body: input });

/** The home page's testimonials are read again, so the review shows there. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
  });
}
