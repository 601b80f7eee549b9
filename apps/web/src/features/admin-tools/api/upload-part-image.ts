import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshPartImages } from './get-part-images';

export interface UploadPartImageVariables {
  toolId: string;
  file: File;
  alt: string;
}

/** `POST /api/tools/{id}/images` (admin; multipart: `file` and `alt`): the image, last of the part's. */
export const uploadPartImage = ({ toolId, file, alt }: UploadPartImageVariables) =>
  api.sendForm('/tools/{id}/images', { path: { id: toolId }, fields: { file, alt } });

export function useUploadPartImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPartImage,
    onSuccess: (_image, { toolId }) => refreshPartImages(queryClient, toolId),
  });
}
