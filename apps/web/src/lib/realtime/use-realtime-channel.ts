import type { TRealtimeEvent } from '@mintcast/contracts';
import { useEffect, useRef } from 'react';
import { type ChannelStatus, realtimeClient } from './realtime-client.ts';

/** Subscribe to a realtime channel for the component's lifetime; handlers may change between renders. */
export const useRealtimeChannel = (
  channel: string | null,
  onEvent: (event: TRealtimeEvent) => void,
  onStatus: (status: ChannelStatus) => void,
): void => {
  const handlers = useRef({ onEvent, onStatus });
  handlers.current = { onEvent, onStatus };
  useEffect(() => {
    if (!channel) return;
    return realtimeClient().subscribe(channel, {
      onEvent: (e) => handlers.current.onEvent(e),
      onStatus: (s) => handlers.current.onStatus(s),
    });
  }, [channel]);
};
