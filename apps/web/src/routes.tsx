import type { RouteObject } from 'react-router';
import { Shell } from './components/shell/shell.tsx';
import { RouteError } from './routes/route-error.tsx';

/**
 * Every screen is its own lazily loaded chunk, so a route only downloads the code it uses. Shared by the
 * browser's router (router.tsx) and the build's pre-render of the first view (prerender.tsx).
 */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
    errorElement: <RouteError />,
    // The first screen's chunk loads before anything renders; saying so (null) keeps React Router from
    // warning "No HydrateFallback element provided" on every page load.
    HydrateFallback: () => null,
    children: [
      { index: true, lazy: () => import('./routes/home/index.tsx') },
      { path: 'trending', lazy: () => import('./routes/trending/index.tsx') },
      { path: 'explore', lazy: () => import('./routes/explore/index.tsx') },
      { path: 'favorites', lazy: () => import('./routes/favorites/index.tsx') },
      { path: 'profile', lazy: () => import('./routes/profile/index.tsx') },
      { path: 'settings', lazy: () => import('./routes/settings/index.tsx') },
      { path: 'notifications', lazy: () => import('./routes/notifications/index.tsx') },
      { path: 'how-to-stream', lazy: () => import('./routes/how-to-stream/index.tsx') },
      { path: 'start-streaming', lazy: () => import('./routes/start-streaming/index.tsx') },
      { path: 'dashboard/:mint', lazy: () => import('./routes/stream-dashboard/index.tsx') },
      { path: 'livestream/:id?', lazy: () => import('./routes/livestream/index.tsx') },
      { path: 'creator/:address', lazy: () => import('./routes/creator/index.tsx') },
      { path: 'replay/:id', lazy: () => import('./routes/replay/index.tsx') },
      { path: 'clip/:id', lazy: () => import('./routes/clip/index.tsx') },
      { path: 'admin', lazy: () => import('./routes/admin/index.tsx') },
      { path: '*', lazy: () => import('./routes/not-found/index.tsx') },
    ],
  },
  // The player alone, for other sites' iframes: no shell around it.
  {
    path: 'embed/:mint',
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    lazy: () => import('./routes/embed/index.tsx'),
  },
  // OBS overlays (browser sources): transparent pages, no shell, opened by their secret key.
  {
    path: 'overlay/:key/:kind',
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    lazy: () => import('./routes/overlay/index.tsx'),
  },
];
