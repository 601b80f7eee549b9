import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { queryClient } from '../lib/query-client';
import { router } from './router';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* Success messages of SPEC.md ("Successfully Purchased", "Tool Added"...) via toast() from sonner. */}
      <Toaster position="top-center" richColors closeButton />
    </QueryClientProvider>
  );
}
