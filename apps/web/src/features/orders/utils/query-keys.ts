/**
 * The orders feature's TanStack Query keys. Every query about orders, in any feature, starts
 * with 'orders' and every tool query with 'tools', so a change can refresh them all.
 */
export const orderKeys = {
  all: ['orders'] as const,
  mine: (email: string) => ['orders', 'mine', email] as const,
};

export const toolKeys = { all: ['tools'] as const };
