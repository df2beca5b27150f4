/** Route: start-streaming (placeholder until the screen is built). */
export function Component() {
  return <div className="p-6 text-muted">start-streaming</div>;
}
