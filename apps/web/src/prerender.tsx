import type { TStream } from '@mintcast/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { streamKeys } from './queries/streams.ts';
import { routes } from './routes.tsx';

/** Data a pre-rendered first view shows: the stream page's stream (the server sends the same to the client). */
export interface FirstViewData {
  stream?: TStream;
}

/**
 * The markup React's first render of `path` gives a phone-sized, signed-out English visitor (decision 017): with
 * `data` in the query cache (the stream page's stream, as main.tsx seeds it from the page), the rest before it
 * has arrived (so the skeletons show). Served inside #root so the page paints before the JavaScript has loaded.
 * Run by the render worker (ssr/render-worker.ts) — at build time for the home screen, by the server per stream.
 */
export const prerender = async (path: string, data: FirstViewData = {}): Promise<string> => {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`prerender ${path}: answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // No garbage-collection timers (React Query thinks it runs in a browser here, and would keep each render's
  // cache for 5 minutes by a timer — which also kept `vite build` alive that long): the client is dropped at once.
  const client = new QueryClient({ defaultOptions: { queries: { gcTime: Number.POSITIVE_INFINITY } } });
  if (data.stream) client.setQueryData(streamKeys.detail(data.stream.mint), data.stream);
  try {
    // Test ids stay the app's own: while both are on the page, a test's locator must not find the copy too.
    return renderToString(
      <StrictMode>
        <QueryClientProvider client={client}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </StrictMode>,
    ).replace(/ data-testid="[^"]*"/g, '');
  } finally {
    client.clear();
  }
};
