import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshPartImages } from './get-part-images';

export interface DeletePartImageVariables {
  toolId: string;
  imageId: string;
}

/** `DELETE /api/tools/{id}/images/{imageId}` (admin): the image, and its files unless shared. */
export const deletePartImage = ({ toolId, imageId }: DeletePartImageVariables) =>
  api.delete('/tools/{id}/images/{imageId}', { path: { id: toolId, imageId } });

export function useDeletePartImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePartImage,
    onSuccess: (_answer, { toolId }) => refreshPartImages(queryClient, toolId),
  });
}
