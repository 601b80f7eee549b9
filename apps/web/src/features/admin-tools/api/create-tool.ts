import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiAnswer, type ApiBody } from '../../../lib/api-client';
import { toolsButTheirModels } from '../../../lib/get-tool-fits';

export type CreateToolResponse = ApiAnswer<'post', '/tools'>;

/** `POST /api/tools` (admin): the new tool, and "Tool Added". */
export const createTool = (input: ApiBody<'post', '/tools'>) => api.post('/tools', { body: input });

/** Every tools list (the shop's and this one) is read again. */
export function useCreateTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTool,
    onSuccess: () => queryClient.invalidateQueries(toolsButTheirModels),
  });
}
