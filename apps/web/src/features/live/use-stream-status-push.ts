import { statusChannelForMint, type TRealtimeEvent, type TStream } from '@mintcast/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRealtimeChannel } from '../../lib/realtime/use-realtime-channel.ts';
import { streamKeys } from '../../queries/streams.ts';

/**
 * Keeps a stream page's record live without polling: the server pushes `stream_status` on the stream's
 * status channel when it goes live or offline (or its count changes), whether the page shows the player,
 * "Stream is offline" or "Stream Not Found". The flag is applied at once and the record refetched (a
 * stream that did not exist has a record now); every (re)subscription refetches too, for what a dropped
 * socket missed.
 */
export const useStreamStatusPush = (
  mint: string | undefined,
  /** The creator ended the stream by raiding another one (issue 35 item 4); sent before its offline status. */
  onRaid?: (raid: Extract<TRealtimeEvent, { type: 'raid' }>) => void,
) => {
  const queryClient = useQueryClient();
  const refetch = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: streamKeys.all });
  }, [queryClient]);

  const onEvent = (event: TRealtimeEvent) => {
    if (event.type === 'raid' && mint && event.from === mint.toLowerCase()) return onRaid?.(event);
    if (event.type !== 'stream_status' || !mint) return;
    queryClient.setQueryData<TStream>(streamKeys.detail(mint), (s) =>
      s ? { ...s, is_currently_live: event.live, num_participants: event.viewers } : s,
    );
    refetch();
  };
  const onStatus = (status: string) => {
    if (status === 'open') refetch();
  };
  useRealtimeChannel(mint ? statusChannelForMint(mint) : null, onEvent, onStatus);
};
