/** Every order query in the app starts with 'orders' (see the orders feature): one refresh for all. */
export const adminOrderKeys = {
  orders: ['orders'] as const,
  all: ['orders', 'all'] as const,
};
