import type { TStream } from '@mintcast/contracts';
import { useSession } from '../../lib/session/use-session.ts';
import { useCreatorQuery } from '../../queries/streams.ts';

/**
 * The signed-in wallet's own streams, live first then newest (the creator page's query, shared cache), and
 * where its broadcasting dashboard is: the live stream's, else the newest one's. Empty when signed out.
 */
export const useMyStreams = (): { streams: TStream[]; dashboardPath: string | null } => {
  const address = useSession()?.user.address;
  const streams = useCreatorQuery(address).data?.streams ?? [];
  return { streams, dashboardPath: streams[0] ? `/dashboard/${streams[0].mint}` : null };
};
