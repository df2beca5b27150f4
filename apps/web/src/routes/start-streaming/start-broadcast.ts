import { roomNameForMint } from '@mintcast/contracts';
import { createLiveRoom, setStreamLive } from '../../queries/live.ts';
import { HostSession } from './host-session.ts';
import { type StreamDetails, saveStream } from './save-stream.ts';

/**
 * "Start Live Stream" (spec §4/§7): upsert the stream as the signed-in creator → create the room → host
 * token → connect → publish → set live. Any failure undoes the connection and rethrows.
 */
export const startBroadcast = async (
  opts: StreamDetails & { participantName: string },
): Promise<HostSession> => {
  const mint = opts.preview.address;
  await saveStream(opts);
  await createLiveRoom(roomNameForMint(mint));
  const session = new HostSession(mint, opts.participantName);
  try {
    await session.start();
    await setStreamLive(mint, true);
    session.markOnAir();
  } catch (err) {
    await session.stop().catch(() => undefined);
    throw err;
  }
  return session;
};
