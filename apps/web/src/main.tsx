import './lib/zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { i18nReady } from './lib/i18n/i18n.ts';
import { queryClient } from './lib/query-client.ts';
import { seedFirstViewData } from './queries/first-view-data.ts';
import { router } from './router.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
// The stream page's record, sent with the page: the first render shows the stream, as pre-rendered.
seedFirstViewData(queryClient);
// A Spanish or French visitor's catalog is one small chunk: wait for it rather than flash English first.
await i18nReady.catch(() => undefined);
// React's first commit replaces #root's pre-rendered first view (decision 017): render once the route's chunk
// is in, so that commit is the same screen rather than an empty one.
if (!router.state.initialized) {
  await new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
// As a transition React renders the first screen in slices, yielding to the browser between them, instead of
// one long task (Lighthouse's total blocking time on a throttled phone).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
