import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toolsButTheirModels } from '../../../lib/get-tool-fits';

export interface UpdateToolVariables {
  id: string;
  changes: ApiBody<'patch', '/tools/{id}'>;
}

/** `PATCH /api/tools/{id}` (admin): price, stock, description or part details; answers the tool. */
export const updateTool = ({ id, changes }: UpdateToolVariables) =>
  api.patch('/tools/{id}', { path: { id }, body: changes });

/** The lists and the tool's own page are read again. */
export function useUpdateTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTool,
    // Its own models too: they may be what changed.
    onSuccess: (_tool, { id }) =>
      Promise.all([
        queryClient.invalidateQueries(toolsButTheirModels),
        queryClient.invalidateQueries({ queryKey: queryKeys.tools.fits(id) }),
      ]),
  });
}
