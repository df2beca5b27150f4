import { isTokenAddress } from '@mintcast/contracts';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePlayerWarmUp } from '../../features/live/player-warm-up.ts';
import { StreamPlayer } from '../../features/live/stream-player.tsx';
import { useStreamStatusPush } from '../../features/live/use-stream-status-push.ts';
import { NsfwInterstitial, useNsfwConfirmation } from '../../features/moderation/nsfw-interstitial.tsx';
import { useStreamQuery } from '../../queries/streams.ts';

/** A line of text in the frame's middle (no stream, loading, an error). */
function Notice({ children }: { children: ReactNode }) {
  return <p className="m-auto p-4 text-center text-sm text-white/70">{children}</p>;
}

/**
 * Route `/embed/:mint`: the stream's player alone, for other sites to put in an iframe (issue 35; the server lets
 * only this path be framed). Same player, same live/offline push as the stream page, and a link to watch it here.
 */
export function Component() {
  const { t } = useTranslation();
  const mint = useParams().mint?.trim();
  const valid = Boolean(mint && isTokenAddress(mint));
  const stream = useStreamQuery(valid ? mint : undefined);
  useStreamStatusPush(valid ? mint : undefined);
  usePlayerWarmUp(
    valid ? mint : undefined,
    stream.data === undefined ? undefined : Boolean(stream.data?.is_currently_live),
  );
  const nsfw = useNsfwConfirmation(mint ?? '');
  const s = stream.data;

  let body: ReactNode;
  if (!valid) body = <Notice>{t('stream.invalidTitle')}</Notice>;
  else if (stream.isPending) body = <Notice>{t('live.connecting')}</Notice>;
  else if (s === null) body = <Notice>{t('stream.notFoundTitle')}</Notice>;
  else if (!s) body = <Notice>{t('stream.loadFailedTitle')}</Notice>;
  else if (s.is_nsfw && !nsfw.ok) body = <NsfwInterstitial name={s.name} onContinue={nsfw.confirm} />;
  else body = <StreamPlayer stream={s} />;

  return (
    <main data-testid="embed-page" className="flex min-h-dvh flex-col bg-black text-white">
      {s ? <title>{`${s.name} ($${s.symbol}) · Mintcast`}</title> : null}
      <div className="flex flex-1 flex-col">{body}</div>
      {valid && mint ? (
        <a
          href={`/livestream/${mint}`}
          target="_blank"
          rel="noopener"
          className="flex items-center justify-end gap-1.5 px-3 py-2 text-xs text-white/80 hover:text-white"
        >
          {s ? `${s.name} ($${s.symbol}) · ` : ''}
          {t('stream.watchOnMintcast')}
          <ExternalLink className="size-3.5" aria-hidden />
        </a>
      ) : null}
    </main>
  );
}
