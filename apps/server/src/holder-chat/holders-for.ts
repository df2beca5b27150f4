import type { AppContext } from '../app-context.ts';
import { type ChainReader, createChainReader } from '../chain/chain-reader.ts';
import { createHoldersService, type HoldersService } from '../chain/holders.service.ts';

/** One chain reader per app (tips and holder balances): the node's chain id is asked once, not per reader. */
const readers = new WeakMap<AppContext, ChainReader>();
export const chainReaderFor = (ctx: AppContext): ChainReader => {
  let reader = readers.get(ctx);
  if (!reader) {
    reader = createChainReader(ctx.config.chain.rpcUrl);
    readers.set(ctx, reader);
  }
  return reader;
};

/**
 * One holder balance cache per app, shared by every path that reads it: the badges (chain plugin), the holder chat
 * modes (chat posts) and the trade panel's reports (which forget a trader's balance). On the app's clock.
 */
const perApp = new WeakMap<AppContext, HoldersService>();
export const holdersFor = (ctx: AppContext): HoldersService => {
  let holders = perApp.get(ctx);
  if (!holders) {
    holders = createHoldersService(chainReaderFor(ctx), { now: ctx.now });
    perApp.set(ctx, holders);
  }
  return holders;
};
