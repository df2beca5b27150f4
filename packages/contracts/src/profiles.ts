import { z } from 'zod';
import { ZStream, ZStreamCounts } from './streams.ts';
import { format, ZText } from './text.ts';

export const USERNAME_RE = /^[a-z0-9_]{3,20}$/;
export const USERNAME_RULE_MESSAGE = 'Username must be 3–20 characters: a–z, 0–9 or _';

export const ZProfile = z.object({
  address: z.string(),
  username: z.string().nullable(),
  profile_image: z.string().nullable(),
});
export type TProfile = z.infer<typeof ZProfile>;

/** `PUT /api/profile`. Empty strings clear a field; usernames are compared in lower case. */
export const ZProfileUpdate = z.object({
  // A format: after lower-casing, the pattern below lets through a–z, 0–9 and _ only.
  username: format('username', z.string().trim().toLowerCase())
    .transform((v) => v || null)
    .pipe(z.string().regex(USERNAME_RE, USERNAME_RULE_MESSAGE).nullable())
    .nullable()
    .optional(),
  profile_image: z
    .pipe(
      ZText({ kind: 'line', max: 2048 }),
      z.transform((v: string) => v || null),
    )
    .pipe(
      z
        .string()
        .url('Avatar must be an image URL')
        .refine((v) => /^https?:\/\//i.test(v), 'Avatar must be an http(s) URL')
        .nullable(),
    )
    .nullable()
    .optional(),
});
export type TProfileUpdate = z.input<typeof ZProfileUpdate>;

export const ZViewerState = z.object({ liked: z.boolean(), subscribed: z.boolean() });
export type TViewerState = z.infer<typeof ZViewerState>;

/** What like/follow mutations return: fresh counts and the caller's state. */
export const ZEngagement = z.object({ ...ZStreamCounts.shape, ...ZViewerState.shape });
export type TEngagement = z.infer<typeof ZEngagement>;

export const ZFavorites = z.object({ items: z.array(ZStream) });
export type TFavorites = z.infer<typeof ZFavorites>;
