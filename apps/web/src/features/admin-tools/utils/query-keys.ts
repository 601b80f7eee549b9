/**
 * The admin-tools feature's TanStack Query keys. They live under the catalog's root key
 * (`['tools', ...]`), so a change made here invalidates the shop's lists and tool pages too:
 * the shop shows a new, edited or removed tool at once.
 */
export const toolKeys = {
  all: ['tools'] as const,
  managed: (page: number) => ['tools', 'manage', { page }] as const,
};
