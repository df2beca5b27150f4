import { isTokenAddress, type TStream } from '@mintcast/contracts';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ChatPanel } from '../../features/chat/chat-panel.tsx';
import { ClipsGallery } from '../../features/clips/clips-gallery.tsx';
import { StreamCreator } from '../../features/creator/stream-creator.tsx';
import { usePlayerWarmUp } from '../../features/live/player-warm-up.ts';
import { StreamPlayer } from '../../features/live/stream-player.tsx';
import { useStreamStatusPush } from '../../features/live/use-stream-status-push.ts';
import { NsfwInterstitial, useNsfwConfirmation } from '../../features/moderation/nsfw-interstitial.tsx';
import { PastBroadcasts } from '../../features/replays/past-broadcasts.tsx';
import { ScheduleCard } from '../../features/schedules/schedule-card.tsx';
import { TokenInfoCard } from '../../features/token/token-info-card.tsx';
import { TradingDataCard } from '../../features/token/trading-data-card.tsx';
import { TipGoalBar } from '../../features/trade/tip-goal-bar.tsx';
import { useStreamQuery } from '../../queries/streams.ts';
import { DeferredChainPanels } from './deferred-chain-panels.tsx';
import { NoStreamForToken } from './no-stream-for-token.tsx';
import { arriveByRaid, RaidBanner } from './raid-banner.tsx';
import { StreamHeader } from './stream-header.tsx';
import { InvalidStream, StreamLoadError, StreamPageSkeleton } from './stream-states.tsx';
import { type StreamTab, StreamTabs } from './stream-tabs.tsx';

/** Route `/livestream/:id?`: one stream (the id is the token's mint), polled every 30 s (spec §2) and pushed. */
export function Component() {
  const { id } = useParams();
  const mint = id?.trim();
  const valid = Boolean(mint && isTokenAddress(mint));
  const stream = useStreamQuery(valid ? mint : undefined);
  const navigate = useNavigate();
  // Live/offline (and a stream that starts existing) arrive pushed, whichever state the page shows. A raid
  // (the creator ended the stream by sending its audience on) moves the page to the raided stream.
  useStreamStatusPush(valid ? mint : undefined, (raid) => {
    arriveByRaid({ from: raid.from, to: raid.to.toLowerCase(), by: raid.by, viewers: raid.viewers });
    navigate(`/livestream/${raid.to}`);
  });
  // The player's code (and, once live is known, its token) is asked for now, not after the record is shown.
  usePlayerWarmUp(
    valid ? mint : undefined,
    stream.data === undefined ? undefined : Boolean(stream.data?.is_currently_live),
  );

  if (!valid || !mint) return <InvalidStream />;
  if (stream.isPending) return <StreamPageSkeleton />;
  // null: no stream for this mint yet (the status push and the poll bring it once it starts).
  if (stream.data === null) return <NoStreamForToken mint={mint} />;
  if (stream.isError && !stream.data) return <StreamLoadError onRetry={() => void stream.refetch()} />;
  return <StreamPage stream={stream.data} />;
}

/** The stream, behind an interstitial first when it is marked NSFW. */
function StreamPage({ stream: s }: { stream: TStream }) {
  const nsfw = useNsfwConfirmation(s.mint);
  // Phones only (below lg): the player stays on top and the chat is one tap away, in its own tab.
  const [tab, setTab] = useState<StreamTab>('about');
  if (s.is_nsfw && !nsfw.ok) return <NsfwInterstitial name={s.name} onContinue={nsfw.confirm} />;
  const phoneChat = tab === 'chat';
  return (
    // Desktop: the chat is a full-height column beside everything, sticky under the top bar, so its composer
    // is on screen with the player whatever the window's height (issue 29). Phone with the chat tab open:
    // the page is exactly the viewport below the top bar (its 4rem and 1px border, and main's 1.5rem
    // paddings), the chat taking what the header, player and tabs leave.
    <div
      data-testid="stream-page"
      data-tab={tab}
      className={`grid gap-3 sm:gap-5 lg:grid-cols-[minmax(0,1fr)_360px] ${
        phoneChat ? 'max-lg:h-[calc(100dvh-4rem-1px-3rem)] max-lg:grid-rows-[auto_minmax(18rem,1fr)]' : ''
      }`}
    >
      <title>{`${s.name} ($${s.symbol}) · Mintcast`}</title>
      <div className="flex min-w-0 flex-col gap-3 sm:gap-5">
        <RaidBanner mint={s.mint} />
        <StreamHeader stream={s} />
        <StreamPlayer stream={s} />
        <ScheduleCard mint={s.mint} live={s.is_currently_live} />
        <TipGoalBar mint={s.mint} />
        <StreamTabs tab={tab} onChange={setTab} />
        <div
          id="stream-about"
          role="tabpanel"
          aria-labelledby="stream-tab-about"
          className={`flex min-w-0 flex-col gap-5 ${phoneChat ? 'max-lg:hidden' : ''}`}
        >
          <StreamCreator stream={s} />
          <PastBroadcasts mint={s.mint} live={s.is_currently_live} />
          <ClipsGallery mint={s.mint} />
          {/* Side by side only from 2xl: at 1280 px (sidebar and chat beside) the token cards would get ~220 px. */}
          <div className="grid gap-5 2xl:grid-cols-[minmax(0,1fr)_320px]">
            <div className="flex min-w-0 flex-col gap-5">
              <TokenInfoCard
                address={s.mint}
                fallback={{ name: s.name, symbol: s.symbol, image: s.image_uri }}
              />
              <TradingDataCard address={s.mint} />
            </div>
            <DeferredChainPanels mint={s.mint} creator={s.creator_address} />
          </div>
        </div>
      </div>
      {/* Kept mounted on a phone's other tab: messages keep arriving, and switching back is instant. */}
      <div
        id="stream-chat"
        role="tabpanel"
        aria-labelledby="stream-tab-chat"
        data-testid="chat-column"
        className={`min-h-0 lg:sticky lg:top-24 lg:h-[calc(100dvh-8rem)] lg:self-start ${phoneChat ? '' : 'max-lg:hidden'}`}
      >
        <ChatPanel mint={s.mint} creatorAddress={s.creator_address} className="h-full" />
      </div>
    </div>
  );
}
