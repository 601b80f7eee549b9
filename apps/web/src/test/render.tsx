import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderOptions, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

interface RenderWithAppOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The address the router starts at: `/dashboard/orders`. */
  path?: string;
}

/**
 * Renders `ui` inside what every screen runs in (app.tsx, main.tsx): a data cache of its own,
 * which asks once (a failure shows at once, not after the app's retries), and a router in
 * memory. Answers the render's queries, the cache and a user to click and type with.
 */
export function renderWithApp(
  ui: ReactElement,
  { path = '/', ...options }: RenderWithAppOptions = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return { ...render(ui, { wrapper, ...options }), queryClient, user: userEvent.setup() };
}
