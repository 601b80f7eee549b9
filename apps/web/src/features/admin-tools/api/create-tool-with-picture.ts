import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api-client';
import { toolsButTheirModels } from '../../../lib/get-tool-fits';
import { refreshPartImages } from './get-part-images';

type ToolFields = ApiBody<'post', '/tools'>;

export interface CreateToolWithPictureVariables {
  /** Add Tool's fields; without `img`, the picture becomes the part's image. */
  tool: Omit<ToolFields, 'img'> & Partial<Pick<ToolFields, 'img'>>;
  file: File;
  alt: string;
}

/**
 * `POST /api/tools/with-picture` (admin; multipart: `tool` as JSON, `file` and `alt`): the new
 * tool with the picture as its first image, and "Tool Added"; nothing is written when either
 * is refused.
 */
export const createToolWithPicture = ({ tool, file, alt }: CreateToolWithPictureVariables) =>
  api.sendForm('/tools/with-picture', { fields: { tool: JSON.stringify(tool), file, alt } });

/** Every tools list is read again, and the new part's images. */
export function useCreateToolWithPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createToolWithPicture,
    onSuccess: (tool) =>
      Promise.all([
        queryClient.invalidateQueries(toolsButTheirModels),
        refreshPartImages(queryClient, tool._id),
      ]),
  });
}
