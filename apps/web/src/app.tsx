import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { WalletRoot } from './features/wallet/wallet-root.tsx';
import { queryClient } from './lib/query-client.ts';
import { LazyToaster } from './lib/toaster.tsx';
import type { AppRouter } from './router.tsx';

export function App({ router }: { router: AppRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <LazyToaster />
      </Suspense>
      <WalletRoot />
    </QueryClientProvider>
  );
}
