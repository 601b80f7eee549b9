import { type PartImageUpdate } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { movedTo } from '../utils/part-pictures';
import { type PartImages, refreshPartImages } from './get-part-images';

export interface UpdatePartImageVariables {
  toolId: string;
  imageId: string;
  changes: PartImageUpdate;
}

/** `PATCH /api/tools/{id}/images/{imageId}` (admin): new alt text, or a new place (1 is first). */
export const updatePartImage = ({ toolId, imageId, changes }: UpdatePartImageVariables) =>
  api.patch('/tools/{id}/images/{imageId}', { path: { id: toolId, imageId }, body: changes });

/**
 * A move shows at once in the list (the others shift as the API will shift them), and goes
 * back should the API refuse it; the list and the part's page are read again either way.
 */
export function useUpdatePartImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePartImage,
    onMutate: async ({ toolId, imageId, changes: { position } }) => {
      if (position === undefined) return { before: undefined };
      const queryKey = queryKeys.partImages.list(toolId);
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<PartImages>(queryKey);
      if (before) queryClient.setQueryData(queryKey, movedTo(before, imageId, position));
      return { before };
    },
    onError: (_error, { toolId }, context) => {
      if (context?.before) {
        queryClient.setQueryData(queryKeys.partImages.list(toolId), context.before);
      }
    },
    onSettled: (_image, _error, { toolId }) => refreshPartImages(queryClient, toolId),
  });
}
