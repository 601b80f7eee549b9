/** The profile feature's TanStack Query keys, written once. */
export const profileKeys = {
  all: ['profile'] as const,
  detail: (email: string) => ['profile', email.toLowerCase()] as const,
};
