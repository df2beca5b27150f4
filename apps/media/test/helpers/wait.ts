/** Polls `fn` until it returns a truthy value, or throws with the last value seen. */
export async function waitFor<T>(
  fn: () => Promise<T> | T,
  what: string,
  timeoutMs = 15_000,
  everyMs = 100,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await fn();
    if (last) return last as NonNullable<T>;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
}
