import * as z from 'zod/mini';

/** Public runtime settings served by `GET /api/config` so one build serves every deployment. */
export const ZPublicConfig = z.object({
  chainId: z.int(),
  livekitUrl: z.string(),
  publicOrigin: z.string(),
  marketDataServiceName: z.string(),
});
export type TPublicConfig = z.infer<typeof ZPublicConfig>;

export const ZHealth = z.object({ status: z.literal('ok'), db: z.literal('ok') });
