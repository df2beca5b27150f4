import * as z from 'zod/mini';

/** Public runtime settings served by `GET /api/config` so one build serves every deployment. */
export const ZPublicConfig = z.object({
  chainId: z.int(),
  livekitUrl: z.string(),
  publicOrigin: z.string(),
  marketDataServiceName: z.string(),
  /** Chain access for trades and tips (issue 18): the RPC the browser reads through and the DEX contracts. */
  chain: z.object({
    rpcUrl: z.string(),
    explorerUrl: z.string(),
    router: z.string(),
    factory: z.string(),
    wbnb: z.string(),
    /** Blocks a tip transaction needs on top of its own before the server accepts it. */
    tipConfirmations: z.int(),
  }),
});
export type TPublicConfig = z.infer<typeof ZPublicConfig>;
