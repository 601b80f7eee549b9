import type { Tool, ToolInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type CreateToolResponse = Tool & { message: string };

/** `POST /api/tools` (admin): the new tool, and "Tool Added". */
export const createTool = (input: ToolInput) => api.post<CreateToolResponse>('/tools', input);

/** Every tools list (the shop's and this one) is read again. */
export function useCreateTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTool,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tools.all }),
  });
}
