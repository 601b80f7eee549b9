import type { Tool, ToolUpdate } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface UpdateToolVariables {
  id: string;
  changes: ToolUpdate;
}

/** `PATCH /api/tools/{id}` (admin): price, stock or description; answers the tool. */
export const updateTool = ({ id, changes }: UpdateToolVariables) =>
  api.patch<Tool>(`/tools/${encodeURIComponent(id)}`, changes);

/** The lists and the tool's own page are read again. */
export function useUpdateTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTool,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tools.all }),
  });
}
