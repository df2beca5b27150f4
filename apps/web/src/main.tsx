import './styles.css';
import { nextTask } from './lib/next-task.ts';

/*
 * The app starts in steps, each its own task (decision 017, seventh step): evaluating every start-up module
 * at once was one 26-38 ms task on this machine, 100-150 ms on Lighthouse's phone, most of the stream page's
 * total blocking time. The build preloads every step's chunks with the entry's (app-loader.ts), so the steps
 * wait for no request.
 */
const { StrictMode, createRoot, startTransition } = await import('./start/react.ts');
await nextTask();
// zod's jitless switch and the settings come first in this step's graph (lib/i18n/i18n.ts imports them).
const { i18nReady } = await import('./start/language.ts');
// A Spanish or French visitor's catalog is one small chunk: wait for it rather than flash English first.
await i18nReady.catch(() => undefined);
await nextTask();
const { App, createRouter, formatters, queryClient, seedFirstViewData, warmUpPlayer } = await import(
  './start/app.ts'
);

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
// The stream page's record, sent with the page: the first render shows the stream, as pre-rendered.
const seeded = seedFirstViewData(queryClient);
// A live stream's page: the player's code and its token are asked for now, beside the router and the first render
// (issue 31), rather than once the rendered page asks for them.
if (seeded?.is_currently_live) warmUpPlayer(seeded.mint);
// The router's creation as a task of its own.
await nextTask();
const router = createRouter();
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
      <App router={router} />
    </StrictMode>,
  );
});
// A page's first Intl.NumberFormat costs ~8 ms unthrottled (ICU's number data): made here in a task of its own
// rather than in the render of the first figures to arrive (the home page's stats, decision 017).
setTimeout(() => formatters().integer(0), 0);
