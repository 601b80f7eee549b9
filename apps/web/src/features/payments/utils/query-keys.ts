/** The payments feature's TanStack Query keys. Order queries start with 'orders' app-wide. */
export const paymentKeys = {
  orders: ['orders'] as const,
  order: (orderId: string) => ['orders', 'detail', orderId] as const,
  config: ['payments', 'config'] as const,
  intent: (orderId: string) => ['payments', 'intent', orderId] as const,
};
