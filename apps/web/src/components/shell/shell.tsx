import { Outlet } from 'react-router';

/** Shell layout (placeholder): sidebar, top bar and content. */
export function Shell() {
  return (
    <div className="min-h-screen">
      <Outlet />
    </div>
  );
}
