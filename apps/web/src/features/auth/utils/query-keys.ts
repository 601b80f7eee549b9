/** The auth feature's TanStack Query keys, written once. */
export const authKeys = {
  all: ['auth'] as const,
  session: ['auth', 'session'] as const,
  token: (email: string) => ['auth', 'token', email] as const,
  admin: (email: string) => ['auth', 'admin', email] as const,
  signInOptions: ['auth', 'sign-in-options'] as const,
};
