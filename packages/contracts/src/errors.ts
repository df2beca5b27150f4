import { z } from 'zod';

/** Every API error body: `{ error: { code, message } }`. */
export const ZApiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type TApiError = z.infer<typeof ZApiError>;
