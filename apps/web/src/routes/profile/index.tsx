/** Route: profile (placeholder until the screen is built). */
export function Component() {
  return <div className="p-6 text-muted">profile</div>;
}
