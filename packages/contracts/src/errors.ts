import * as z from 'zod/mini';

/** Every API error body: `{ error: { code, message } }`. */
export const ZApiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.optional(z.unknown()),
  }),
});
export type TApiError = z.infer<typeof ZApiError>;
