import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface DeleteToolResponse {
  deletedCount: 1;
  /** A tool with orders is retired: hidden from the shop, its orders kept. */
  retired: boolean;
}

/** `DELETE /api/tools/{id}` (admin). */
export const deleteTool = (id: string) =>
  api.delete<DeleteToolResponse>(`/tools/${encodeURIComponent(id)}`);

export function useDeleteTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTool,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tools.all }),
  });
}
