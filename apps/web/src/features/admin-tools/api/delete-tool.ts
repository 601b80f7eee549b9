import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `retired`: a tool with orders is hidden from the shop, its orders kept. */
export type DeleteToolResponse = ApiAnswer<'delete', '/tools/{id}'>;

/** `DELETE /api/tools/{id}` (admin). */
export const deleteTool = (id: string) => api.delete('/tools/{id}', { path: { id } });

export function useDeleteTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTool,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tools.all }),
  });
}
