import { Link } from 'react-router';

/** Router fallback for unexpected errors (spec §8). */
export function RouteError() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 bg-bg p-6 text-center">
      <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
      <p className="text-muted">Something went wrong while showing this page.</p>
      <Link to="/" className="rounded-lg bg-brand px-4 py-2 font-medium text-bg">
        Back to Home
      </Link>
    </div>
  );
}
