import { TRADE_ALERT_WHALE_FACTOR, type TTradeAlert } from '@mintcast/contracts';
import { type Address, formatEther, type Hash } from 'viem';
import type { SwapLog, SwapReader } from '../chain/swap-reader.ts';
import { decodeSwap } from '../chain/swap-reader.ts';
import type { LeaderLock } from '../db/advisory-lock.ts';
import { createLeaderRounds } from '../db/leader-rounds.ts';
import type { AlertTarget, TradeAlertsRepository } from './trade-alerts.repository.ts';

/**
 * Blocks re-read on every poll: a swap recorded in them that the node no longer returns was dropped by a
 * reorganisation (BSC finalises in a few blocks; 12 is well past its usual reorgs of 1–2).
 */
export const REORG_DEPTH = 12n;
/** Most blocks one poll reads (after a long outage the watcher skips ahead rather than read hours of logs). */
const MAX_RANGE = 500n;
/** "No pair" is asked again this often (a token may get its pair while live). */
const NO_PAIR_RECHECK_MS = 10 * 60_000;
/** The watcher's health is written at most this often while nothing changes. */
const OK_WRITE_MS = 5_000;

/** "0x12…ab": the trader as a chat line names them. */
export const shortTrader = (address: string) => `${address.slice(0, 4)}…${address.slice(-2)}`;

/** BNB with at most 4 decimals, trailing zeros dropped ("1.2", "0.0512"). */
export const bnbText = (wei: bigint): string => {
  const [whole, frac = ''] = formatEther(wei).split('.');
  const cut = frac.slice(0, 4).replace(/0+$/, '');
  return cut ? `${whole}.${cut}` : (whole ?? '0');
};

/** The alert line's text, in English (the web renders the trade field in the reader's language). */
export const alertContent = (t: Pick<TTradeAlert, 'trader' | 'side' | 'bnb_wei' | 'symbol'>): string =>
  `${shortTrader(t.trader)} ${t.side === 'buy' ? 'bought' : 'sold'} ${bnbText(BigInt(t.bnb_wei))} BNB of $${t.symbol}`;

const keyOf = (l: { txHash: string; logIndex: number }) => `${l.txHash}:${l.logIndex}`;

/**
 * Buy and sell alerts (issue 34 item 1, decision 028): one instance — the holder of the `trade-alerts` leader
 * lock — polls the chain for every live stream's pair: the head, then one `eth_getLogs` for all pairs from a
 * few blocks before the last head read. New Swap logs above a stream's threshold become chat lines; logs seen
 * before are skipped by their (tx hash, log index) key; a recorded swap the re-read no longer finds was dropped
 * by a reorg and its line is marked removed. The RPC calls depend on the number of live pairs and the poll
 * interval only — never on viewers or instances.
 */
export const createTradeAlertsJob = (deps: {
  repo: TradeAlertsRepository;
  reader: SwapReader;
  lock: LeaderLock;
  factory: Address;
  wbnb: Address;
  channel: string;
  maxPayloadBytes: number;
  pollIntervalMs: number;
  now: () => number;
  log: { warn: (o: object, m: string) => void; info: (o: object, m: string) => void };
}) => {
  let lastHead: bigint | null = null;
  let failing = false;
  let okWrittenAt = 0;

  const pairsOf = async (targets: AlertTarget[]) => {
    const t = deps.now();
    for (const target of targets) {
      const stale =
        target.pair === undefined ||
        (target.pair === null && (target.pairCheckedAt?.getTime() ?? 0) < t - NO_PAIR_RECHECK_MS);
      if (!stale) continue;
      const pair = await deps.reader.pairOf(deps.factory, deps.wbnb, target.mint as Address);
      const tokenIsToken0 = pair ? target.mint.toLowerCase() < deps.wbnb.toLowerCase() : null;
      await deps.repo.savePair(target.mint, pair?.toLowerCase() ?? null, tokenIsToken0, new Date(t));
      target.pair = pair?.toLowerCase() ?? null;
      target.tokenIsToken0 = tokenIsToken0;
    }
    return targets.filter((x): x is AlertTarget & { pair: string } => !!x.pair);
  };

  const post = async (target: AlertTarget, log: SwapLog) => {
    const decoded = decodeSwap(log, target.tokenIsToken0 ?? true);
    if (!decoded) return;
    const reports = await deps.repo.reports([log.txHash]);
    const report = reports.get(log.txHash);
    const fromPage = report?.stream_id === target.mint;
    const alert = decoded.bnbWei >= target.minWei;
    // The sender costs one read: only for a line, or a swap the page reported (its volume checks the sender).
    const trader =
      alert || fromPage ? ((await deps.reader.senderOf(log.txHash as Hash))?.toLowerCase() ?? null) : null;
    const whaleAt = target.whaleWei ?? target.minWei * TRADE_ALERT_WHALE_FACTOR;
    const trade: TTradeAlert | null =
      alert && trader
        ? {
            side: decoded.side,
            bnb_wei: decoded.bnbWei.toString(),
            tx_hash: log.txHash,
            trader,
            symbol: target.symbol,
            whale: decoded.bnbWei >= whaleAt,
            from_stream: fromPage && report?.reporter === trader,
            removed: false,
          }
        : null;
    await deps.repo.recordSwap(
      {
        txHash: log.txHash,
        logIndex: log.logIndex,
        streamId: target.mint,
        pair: log.pair,
        blockNumber: log.blockNumber,
        blockHash: log.blockHash,
        side: decoded.side,
        bnbWei: decoded.bnbWei,
        trader,
      },
      trade
        ? {
            trade,
            content: alertContent(trade),
            channel: deps.channel,
            maxPayloadBytes: deps.maxPayloadBytes,
          }
        : null,
    );
  };

  const round = async () => {
    const targets = await deps.repo.liveTargets();
    if (targets.length === 0) return; // nothing live: not one RPC call
    try {
      const watched = await pairsOf(targets);
      const head = await deps.reader.head();
      if (watched.length > 0 && head !== lastHead) {
        const watch = await deps.repo.watch();
        const last = watch.lastBlock ?? head;
        let from = last - REORG_DEPTH + 1n;
        if (from < head - MAX_RANGE) from = head - MAX_RANGE;
        if (from < 0n) from = 0n;
        const byPair = new Map(watched.map((w) => [w.pair, w]));
        const logs = await deps.reader.swaps(
          watched.map((w) => w.pair as Address),
          from,
          head,
        );
        const live = logs.filter((l) => !l.removed);
        const seen = new Map(live.map((l) => [keyOf(l), l]));
        // Recorded swaps the node no longer returns (or returns as removed) were dropped by a reorg.
        for (const r of await deps.repo.recentSwaps([...byPair.keys()], from)) {
          const again = seen.get(keyOf({ txHash: r.tx_hash, logIndex: r.log_index }));
          if (!again) await deps.repo.removeSwap(r.tx_hash, r.log_index, deps.channel, deps.maxPayloadBytes);
          else if (again.blockHash !== r.block_hash)
            await deps.repo.moveSwap(r.tx_hash, r.log_index, again.blockHash, again.blockNumber);
        }
        const known = await deps.repo.known(live);
        const fresh = live
          .filter((l) => !known.has(keyOf(l)))
          .sort((a, b) =>
            a.blockNumber === b.blockNumber
              ? a.logIndex - b.logIndex
              : a.blockNumber < b.blockNumber
                ? -1
                : 1,
          );
        for (const l of fresh) {
          const target = byPair.get(l.pair);
          if (target) await post(target, l);
        }
        await deps.repo.saveWatch({ lastBlock: head });
        lastHead = head;
      }
      const t = deps.now();
      if (failing || t - okWrittenAt >= OK_WRITE_MS) {
        await deps.repo.saveWatch({ okAt: new Date(t), failedAt: null });
        okWrittenAt = t;
        if (failing) deps.log.info({}, 'trade alerts: the chain node answers again, alerts resume');
        failing = false;
      }
    } catch (err) {
      if (!failing) deps.log.warn({ err }, 'trade alerts: the chain node cannot be read, alerts pause');
      failing = true;
      okWrittenAt = 0;
      await deps.repo.saveWatch({ failedAt: new Date(deps.now()) });
    }
  };

  const rounds = createLeaderRounds({ lock: deps.lock, round, log: deps.log, name: 'trade alerts' });
  let timer: NodeJS.Timeout | undefined;
  return {
    /** One poll now (if this instance leads); tests drive it by hand. */
    kick: rounds.kick,
    start() {
      if (deps.pollIntervalMs <= 0) return;
      timer = setInterval(() => void rounds.kick(), deps.pollIntervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await rounds.stop();
    },
  };
};
