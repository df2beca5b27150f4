import type { TTradeAlertCockpit, TTradeAlertSettings, TTradeAlertState } from '@mintcast/contracts';
import type { Hash } from 'viem';
import type { Access } from '../access/access.ts';
import type { SwapReader } from '../chain/swap-reader.ts';
import { notFound } from '../http/errors.ts';
import type { TradeAlertsRepository } from './trade-alerts.repository.ts';

/** The watcher counts as stopped (its leader gone, its node unanswered) when it has not read the chain for this long. */
export const WATCH_STALE_MS = 30_000;

/**
 * Buy and sell alerts as the routes see them: the creator's settings (threshold, whale threshold, on/off), the
 * state a viewer's page shows (watching, paused…), and the trade panel's reports of the swaps it sent.
 */
export const createTradeAlertsService = (deps: {
  repo: TradeAlertsRepository;
  reader: SwapReader;
  access: Pick<Access, 'requireCreator'>;
  /** False when the watcher is off (TRADE_ALERT_POLL_MS=0): alerts are `idle`. */
  watching: boolean;
  channel: string;
  maxPayloadBytes: number;
  now: () => number;
  /** The reporter traded the stream's token: its holder balance is read again (holder-aware chat). */
  onTrade?: (mint: string, trader: string) => void;
}) => {
  const state = async (mint: string): Promise<TTradeAlertState> => {
    const s = await deps.repo.settings(mint);
    if (!s) throw notFound('Stream Not Found');
    if (!s.enabled) return 'off';
    if (!s.is_currently_live || !deps.watching) return 'idle';
    const watch = await deps.repo.watch();
    const t = deps.now();
    if (watch.failedAt && (!watch.okAt || watch.failedAt >= watch.okAt)) return 'paused';
    const pair = await deps.repo.pairKnown(mint);
    if (!pair) return watch.okAt && t - watch.okAt.getTime() > WATCH_STALE_MS ? 'paused' : 'idle';
    if (pair.pair === null) return 'no_pair';
    if (!watch.okAt || t - watch.okAt.getTime() > WATCH_STALE_MS) return 'paused';
    return 'watching';
  };

  return {
    state,

    async cockpit(actor: string, mint: string): Promise<TTradeAlertCockpit> {
      await deps.access.requireCreator(actor, mint, "Only the stream's creator can see its trade alerts");
      const s = await deps.repo.settings(mint);
      if (!s) throw notFound('Stream Not Found');
      const volume = await deps.repo.pageVolume(mint);
      return {
        settings: { enabled: s.enabled, min_wei: s.min_wei, whale_wei: s.whale_wei },
        state: await state(mint),
        page_trades: volume.count,
        page_volume_wei: volume.wei,
      };
    },

    async setSettings(
      actor: string,
      mint: string,
      settings: TTradeAlertSettings,
    ): Promise<TTradeAlertCockpit> {
      await deps.access.requireCreator(actor, mint, "Only the stream's creator can set its trade alerts");
      await deps.repo.saveSettings(mint, settings);
      return this.cockpit(actor, mint);
    },

    /**
     * The trade panel sent a swap from this stream's page. Its alert (now or when the watcher sees it) is marked
     * "from this stream" and its BNB counts in the page's volume — only when the reporter sent it. A hash
     * reported before (here or from another stream) is left as it was.
     */
    async report(actor: string, mint: string, txHash: Hash): Promise<void> {
      const s = await deps.repo.settings(mint);
      if (!s) throw notFound('Stream Not Found');
      deps.onTrade?.(mint, actor);
      if (!(await deps.repo.report(txHash, mint, actor))) return;
      // Seen already, below the threshold (its sender not read): read it now, once, for the volume.
      const unread = await deps.repo.swapsWithoutTrader(txHash, mint);
      if (unread.length > 0) {
        const sender = await deps.reader.senderOf(txHash).catch(() => null);
        if (sender) await deps.repo.setTrader(txHash, sender.toLowerCase());
      }
      await deps.repo.markFromStream(txHash, mint, actor, deps.channel, deps.maxPayloadBytes);
    },
  };
};

export type TradeAlertsService = ReturnType<typeof createTradeAlertsService>;
