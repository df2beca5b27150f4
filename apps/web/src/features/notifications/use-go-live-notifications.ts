import { notificationsChannelFor, type TRealtimeEvent } from '@mintcast/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { i18n } from '../../lib/i18n/i18n.ts';
import { realtimeClient } from '../../lib/realtime/realtime-client.ts';
import { getSession } from '../../lib/session/session.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { getSettings } from '../../lib/settings.ts';
import { loadSonner } from '../../lib/toast.ts';
import { streamKeys } from '../../queries/streams.ts';
import { playAlertSound } from './alert-sound.ts';
import { alreadyWatching } from './already-watching.ts';
import { addUnseen, markSeen } from './unseen-store.ts';

/** The toast's text for a followed stream that went live, in the site's language. */
export const goLiveMessage = (name: string, symbol: string): string =>
  i18n.t('shell.goLive', { name, symbol });

/**
 * While a wallet is signed in, listen on its own notifications channel: a followed stream going live shows a
 * toast with a Watch link (and a chime with "Sound alerts" on) when Settings' "Stream notifications" is on,
 * and lights the bell's dot; stream lists on screen are refetched either way. The settings are read when the event arrives, so a change applies at once.
 */
export const useGoLiveNotifications = (): void => {
  const address = useSession()?.user.address ?? null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!address) return;
    const onEvent = (event: TRealtimeEvent) => {
      if (event.type !== 'stream_went_live') return;
      // Whatever the settings, lists on screen show the followed stream live now rather than at their next poll.
      void queryClient.invalidateQueries({ queryKey: streamKeys.all });
      const settings = getSettings();
      if (!settings.streamNotifications) return;
      // A follower already on the stream's page sees it go live there: no toast, chime or dot.
      if (alreadyWatching(window.location.pathname, event.mint)) return;
      addUnseen();
      if (settings.soundAlerts) playAlertSound();
      void loadSonner().then(({ toast }) =>
        toast.info(goLiveMessage(event.name, event.symbol), {
          action: {
            label: i18n.t('shell.watch'),
            onClick: () => {
              markSeen();
              navigate(`/livestream/${event.mint}`);
            },
          },
        }),
      );
    };
    return realtimeClient().subscribe(
      notificationsChannelFor(address),
      { onEvent, onStatus: () => undefined },
      () => getSession()?.access_token ?? null,
    );
  }, [address, navigate, queryClient]);
};
