/**
 * Who is reading the chat: the signed-in wallet address, or null for a visitor.
 * The single place the chat reads the session; it switches to the auth work's `useSession()` from
 * `lib/session/` once that exists. Until then nobody is signed in on the web side.
 */
export const useChatViewer = (): { address: string | null } => ({ address: null });
