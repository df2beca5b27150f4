import { TOAST_LIFETIME_MS } from '@mintcast/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { queryClient } from './lib/query-client.ts';
import { router } from './router.tsx';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster position="bottom-right" theme="dark" closeButton richColors duration={TOAST_LIFETIME_MS} />
    </QueryClientProvider>
  );
}
