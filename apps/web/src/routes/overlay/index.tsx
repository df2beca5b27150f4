import {
  chatChannelForMint,
  OVERLAY_SIZES,
  overlayChannelForMint,
  shortenAddress,
  type TChatMessage,
  type TOverlayInfo,
  type TRealtimeEvent,
  ZOverlayKind,
} from '@mintcast/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Coins, Heart, TrendingDown, TrendingUp } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { formatEther } from 'viem';
import { playAlertSound } from '../../features/notifications/alert-sound.ts';
import { ALERT_SHOW_MS, alertOf, type OverlayAlert } from '../../features/overlays/overlay-alert.ts';
import { useFormat } from '../../lib/i18n/format.ts';
import { realtimeClient } from '../../lib/realtime/realtime-client.ts';
import { useRealtimeChannel } from '../../lib/realtime/use-realtime-channel.ts';
import { fetchChatHistory } from '../../queries/chat.ts';
import { useOverlayInfoQuery } from '../../queries/overlays.ts';
import { tipKeys, useTipGoalQuery } from '../../queries/tips.ts';

/** OBS composites the page over the scene: nothing but the overlay paints (styles.css `overlay-page`). */
const useTransparentPage = () => {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add('overlay-page');
    return () => root.classList.remove('overlay-page');
  }, []);
};

/** The overlay's own channel (new followers), opened by its key; read-only like every subscription. */
const useOverlayChannel = (mint: string | null, key: string, onEvent: (e: TRealtimeEvent) => void) => {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!mint) return;
    return realtimeClient().subscribe(
      overlayChannelForMint(mint),
      { onEvent: (e) => handler.current(e), onStatus: () => undefined },
      () => key,
    );
  }, [mint, key]);
};

const Shade = ({ children }: { children: ReactNode }) => (
  <p className="m-2 rounded-lg bg-black/75 px-3 py-2 text-sm text-white">{children}</p>
);

/**
 * Route `/overlay/:key/:kind`: an OBS browser source (issue 34 item 3, decision 031). `chat` (400 × 600), `alerts`
 * (800 × 200; `?sound=1` adds a chime) or `goal` (600 × 80), on a transparent page, live over the site's socket.
 * A forged or replaced key shows why (the API answers 404).
 */
export function Component() {
  const { t } = useTranslation();
  useTransparentPage();
  const params = useParams();
  const key = params.key ?? '';
  const kind = ZOverlayKind.safeParse(params.kind);
  const info = useOverlayInfoQuery(key);
  let body: ReactNode;
  if (!kind.success || info.data === null) body = <Shade>{t('overlays.notFound')}</Shade>;
  else if (info.isError) body = <Shade>{t('overlays.loadFailed')}</Shade>;
  else if (!info.data) body = null;
  else if (kind.data === 'chat') body = <ChatOverlay info={info.data} />;
  else if (kind.data === 'alerts') body = <AlertsOverlay info={info.data} overlayKey={key} />;
  else body = <GoalOverlay info={info.data} />;
  const size = kind.success ? OVERLAY_SIZES[kind.data] : OVERLAY_SIZES.alerts;
  return (
    <main
      data-testid="overlay-page"
      data-kind={kind.success ? kind.data : 'unknown'}
      className="overflow-hidden text-white"
      style={{ width: size.width, height: size.height }}
    >
      {body}
    </main>
  );
}

const MAX_CHAT_LINES = 30;

/** The stream's chat, newest at the bottom, each line sliding in; deleted and cleared lines go. */
function ChatOverlay({ info }: { info: TOverlayInfo }) {
  const [lines, setLines] = useState<TChatMessage[]>([]);
  const add = (m: TChatMessage) =>
    setLines((ls) => (ls.some((l) => l.id === m.id) ? ls : [...ls, m].slice(-MAX_CHAT_LINES)));
  const load = () =>
    fetchChatHistory(info.mint, { limit: MAX_CHAT_LINES }).then(
      (page) => setLines(page.items.slice().reverse()),
      () => undefined,
    );
  useRealtimeChannel(
    chatChannelForMint(info.mint),
    (e) => {
      if (e.type === 'message_inserted') add(e.message);
      else if (e.type === 'message_deleted') setLines((ls) => ls.filter((l) => l.id !== e.id));
      else if (e.type === 'chat_cleared') setLines([]);
      else if (e.type === 'author_hidden') setLines((ls) => ls.filter((l) => l.user_address !== e.address));
    },
    (status) => {
      if (status === 'open') void load();
    },
  );
  return (
    <ol data-testid="overlay-chat" className="flex h-full flex-col justify-end gap-1.5 p-2">
      {lines.map((m) => (
        <li
          key={m.id}
          className="overlay-line rounded-lg bg-black/80 px-2.5 py-1.5 text-[15px] leading-snug break-words"
        >
          <span className="font-semibold text-green-300">
            {m.trade ? `$${m.trade.symbol}` : (m.username ?? shortenAddress(m.user_address))}
          </span>{' '}
          <span className="text-white">{m.content}</span>
        </li>
      ))}
    </ol>
  );
}

/** Alerts one after the other: each for a few seconds with its animation, and the chime when asked. */
function AlertsOverlay({ info, overlayKey }: { info: TOverlayInfo; overlayKey: string }) {
  const [search] = useSearchParams();
  const sound = search.get('sound') === '1';
  const [queue, setQueue] = useState<OverlayAlert[]>([]);
  const seen = useRef(new Set<string>());
  const push = (e: TRealtimeEvent) => {
    const alert = alertOf(e);
    if (!alert || seen.current.has(alert.id)) return;
    seen.current.add(alert.id);
    setQueue((q) => [...q, alert]);
  };
  useRealtimeChannel(chatChannelForMint(info.mint), push, () => undefined);
  useOverlayChannel(info.mint, overlayKey, push);
  const current = queue[0];
  useEffect(() => {
    if (!current) return;
    if (sound) playAlertSound();
    const timer = setTimeout(() => setQueue((q) => q.slice(1)), ALERT_SHOW_MS);
    return () => clearTimeout(timer);
  }, [current, sound]);
  return (
    <div data-testid="overlay-alerts" className="flex h-full items-center justify-center p-3">
      {current ? <AlertCard key={current.id} alert={current} /> : null}
    </div>
  );
}

const alertStyle: Record<OverlayAlert['kind'], { icon: typeof Heart; tone: string }> = {
  follow: { icon: Heart, tone: 'text-pink-300' },
  tip: { icon: Coins, tone: 'text-amber-300' },
  buy: { icon: TrendingUp, tone: 'text-green-300' },
  sell: { icon: TrendingDown, tone: 'text-red-300' },
};

function AlertCard({ alert }: { alert: OverlayAlert }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { icon: Icon, tone } = alertStyle[alert.kind];
  const bnb = (wei: string) => fmt.decimal(Number(formatEther(BigInt(wei))));
  let title: string;
  let text: string;
  if (alert.kind === 'follow') {
    title = t('overlays.alert.follow');
    text = t('overlays.alert.followText', { who: alert.who });
  } else if (alert.kind === 'tip') {
    title = t('overlays.alert.tip');
    text = t('overlays.alert.tipText', { who: alert.who, amount: bnb(alert.amountWei) });
  } else {
    title =
      alert.kind === 'buy' && alert.whale ? t('overlays.alert.whale') : t(`overlays.alert.${alert.kind}`);
    text = t(`overlays.alert.${alert.kind}Text`, {
      who: alert.who,
      amount: bnb(alert.amountWei),
      symbol: alert.symbol,
    });
  }
  return (
    <div
      role="status"
      data-testid="overlay-alert"
      data-kind={alert.kind}
      className="overlay-alert flex max-w-full items-center gap-4 rounded-2xl border border-white/15 bg-black/80 px-6 py-4 shadow-2xl"
    >
      <Icon aria-hidden className={`size-12 shrink-0 ${tone}`} />
      <div className="min-w-0">
        <p className={`text-sm font-bold tracking-widest uppercase ${tone}`}>{title}</p>
        <p className="truncate text-2xl font-bold text-white">{text}</p>
        {alert.kind === 'tip' && alert.message ? (
          <p className="truncate text-base text-white/85">{alert.message}</p>
        ) : null}
      </div>
    </div>
  );
}

/** The tip goal's bar, refreshed on every tip line. */
function GoalOverlay({ info }: { info: TOverlayInfo }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const goal = useTipGoalQuery(info.mint);
  useRealtimeChannel(
    chatChannelForMint(info.mint),
    (e) => {
      if (e.type === 'message_inserted' && e.message.tip)
        void queryClient.invalidateQueries({ queryKey: tipKeys.goal(info.mint) });
    },
    (status) => {
      if (status === 'open') void queryClient.invalidateQueries({ queryKey: tipKeys.goal(info.mint) });
    },
  );
  const g = goal.data?.goal;
  if (goal.data && !g) return <Shade>{t('overlays.goal.none')}</Shade>;
  if (!g) return null;
  const raised = BigInt(g.raised_wei);
  const target = BigInt(g.goal_wei);
  const pct = target > 0n ? Number((raised * 1000n) / target) / 10 : 0;
  const bnb = (wei: bigint) => fmt.decimal(Number(formatEther(wei)));
  return (
    <div
      data-testid="overlay-goal"
      className="m-1 flex h-[calc(100%-0.5rem)] flex-col justify-center gap-1.5 rounded-xl bg-black/80 px-3"
    >
      <p className="flex items-baseline justify-between text-base font-bold text-white">
        <span>
          {t('overlays.goal.label')} · ${info.symbol}
        </span>
        <span data-testid="overlay-goal-progress" className="tabular-nums">
          {t('overlays.goal.progress', { raised: bnb(raised), goal: bnb(target) })}
        </span>
      </p>
      <div
        role="progressbar"
        aria-label={t('overlays.goal.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(100, pct)}
        className="h-4 overflow-hidden rounded-full border border-white/30 bg-white/10"
      >
        <div
          className="overlay-goal-fill h-full rounded-full bg-gradient-to-r from-amber-400 to-green-400"
          style={{ width: `${Math.min(100, pct)}%` }}
        />
      </div>
    </div>
  );
}
