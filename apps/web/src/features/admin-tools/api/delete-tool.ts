import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toolsButTheirModels } from '../../../lib/get-tool-fits';

/** `retired`: a tool with orders is hidden from the shop, its orders kept. */
export type DeleteToolResponse = ApiAnswer<'delete', '/tools/{id}'>;

/** `DELETE /api/tools/{id}` (admin). */
export const deleteTool = (id: string) => api.delete('/tools/{id}', { path: { id } });

export function useDeleteTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTool,
    // Its models still on their way (an open editor's) would come back 404 once it is gone.
    onMutate: (id) => queryClient.cancelQueries({ queryKey: queryKeys.tools.fits(id) }),
    onSuccess: () => queryClient.invalidateQueries(toolsButTheirModels),
  });
}
