import { isTokenAddress, type TStream } from '@mintcast/contracts';
import { useParams } from 'react-router';
import { ChatPanel } from '../../features/chat/chat-panel.tsx';
import { LikeFollowButtons } from '../../features/engagement/like-follow-buttons.tsx';
import { StreamPlayer } from '../../features/live/stream-player.tsx';
import { useStreamStatusPush } from '../../features/live/use-stream-status-push.ts';
import { NsfwInterstitial, useNsfwConfirmation } from '../../features/moderation/nsfw-interstitial.tsx';
import { PastBroadcasts } from '../../features/replays/past-broadcasts.tsx';
import { TokenInfoCard } from '../../features/token/token-info-card.tsx';
import { TradingDataCard } from '../../features/token/trading-data-card.tsx';
import { useStreamQuery } from '../../queries/streams.ts';
import { DeferredChainPanels } from './deferred-chain-panels.tsx';
import { StreamHeader } from './stream-header.tsx';
import { InvalidStream, StreamLoadError, StreamNotFound, StreamPageSkeleton } from './stream-states.tsx';

/** Route `/livestream/:id?`: one stream (the id is the token's mint), polled every 30 s (spec §2) and pushed. */
export function Component() {
  const { id } = useParams();
  const mint = id?.trim();
  const valid = Boolean(mint && isTokenAddress(mint));
  const stream = useStreamQuery(valid ? mint : undefined);
  // Live/offline (and a stream that starts existing) arrive pushed, whichever state the page shows.
  useStreamStatusPush(valid ? mint : undefined);

  if (!valid || !mint) return <InvalidStream />;
  if (stream.isPending) return <StreamPageSkeleton />;
  // null: no stream for this mint yet (the status push and the poll bring it once it starts).
  if (stream.data === null) return <StreamNotFound />;
  if (stream.isError && !stream.data) return <StreamLoadError onRetry={() => void stream.refetch()} />;
  return <StreamPage stream={stream.data} />;
}

/** The stream, behind an interstitial first when it is marked NSFW. */
function StreamPage({ stream: s }: { stream: TStream }) {
  const nsfw = useNsfwConfirmation(s.mint);
  if (s.is_nsfw && !nsfw.ok) return <NsfwInterstitial name={s.name} onContinue={nsfw.confirm} />;
  return (
    <div className="flex flex-col gap-5">
      <title>{`${s.name} ($${s.symbol}) · Mintcast`}</title>
      <StreamHeader stream={s} />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className="flex min-w-0 flex-col gap-5">
          <StreamPlayer stream={s} />
          <LikeFollowButtons mint={s.mint} />
          <PastBroadcasts mint={s.mint} live={s.is_currently_live} />
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
        {/* On a phone the chat comes after the player and the token cards, below the fold (styles.css). */}
        <div className="min-h-0 max-lg:below-fold max-lg:[--below-fold-size:560px] lg:sticky lg:top-20 lg:h-[calc(100vh-7rem)]">
          <ChatPanel mint={s.mint} creatorAddress={s.creator_address} />
        </div>
      </div>
    </div>
  );
}
