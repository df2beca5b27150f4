import { createBrowserRouter } from 'react-router';
import { routes } from './routes.tsx';

/**
 * The app's router. Created by `main.tsx` after a yield to the event loop, not at module level: creating it
 * (`createBrowserRouter` starts the first route's lazy import, whose preload links cost ~17 ms on the stream
 * page) is then a task of its own rather than part of the module evaluation's long task (decision 017).
 */
export const createRouter = () => createBrowserRouter(routes);

export type AppRouter = ReturnType<typeof createRouter>;
