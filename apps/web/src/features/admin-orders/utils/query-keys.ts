/** Every order query in the app starts with 'orders' (see the orders feature): one refresh for all. */
export const adminOrderKeys = {
  orders: ['orders'] as const,
  all: ['orders', 'all'] as const,
  /** Every catalogue query (see the catalog feature): a cancelled order's stock returns. */
  tools: ['tools'] as const,
};
