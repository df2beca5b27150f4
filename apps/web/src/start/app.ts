/** Start-up step 3 (main.tsx): the app's modules, the query cache and the router. */
export { App } from '../app.tsx';
export { warmUpPlayer } from '../features/live/player-warm-up.ts';
export { formatters } from '../lib/i18n/format.ts';
export { queryClient } from '../lib/query-client.ts';
export { seedFirstViewData } from '../queries/first-view-data.ts';
export { createRouter } from '../router.tsx';
