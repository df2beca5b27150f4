import { useSession } from '../../lib/session/use-session.ts';

/** Who is reading the chat: the signed-in wallet address, or null for a visitor. */
export const useChatViewer = (): { address: string | null } => {
  const session = useSession();
  return { address: session?.user.address ?? null };
};
