import { z } from 'zod';
import { format } from './text.ts';

/**
 * OBS overlays (issue 34 item 3): browser-source pages at a secret per-stream URL, `/overlay/{key}/{kind}`.
 * The key is the only credential (OBS sends no cookie or wallet); a forged or regenerated one is a 404.
 */
export const OVERLAY_KINDS = ['chat', 'alerts', 'goal'] as const;
export const ZOverlayKind = z.enum(OVERLAY_KINDS);
export type TOverlayKind = z.infer<typeof ZOverlayKind>;

/** The size each overlay is laid out for: the Browser source's width and height in OBS. */
export const OVERLAY_SIZES: Record<TOverlayKind, { width: number; height: number }> = {
  chat: { width: 400, height: 600 },
  alerts: { width: 800, height: 200 },
  goal: { width: 600, height: 80 },
};

/** Page path of an overlay, `/overlay/{key}/{kind}` (`?sound=1` turns the alerts' beep on). */
export const overlayPath = (key: string, kind: TOverlayKind): string => `/overlay/${key}/${kind}`;

/** A new overlay key's shape: `mco_` and 43 base64url characters (32 random bytes). */
export const OVERLAY_KEY_RE = /^mco_[A-Za-z0-9_-]{43}$/;

/** Realtime channel of a stream's overlays (new followers); subscribing needs its overlay key as `token`. */
export const overlayChannelForMint = (mint: string): string => `stream_overlay_${mint.toLowerCase()}`;
export const isOverlayChannel = (channel: string): boolean => channel.startsWith('stream_overlay_');

/** `/api/overlays/{key}`: any text up to 100 characters (an unknown one is a 404, not a 400). */
export const ZOverlayKeyParams = z.object({ key: format('overlay-key', z.string().min(1).max(100)) });

/** `GET /api/overlays/{key}` (public, by key): which stream the overlay shows. */
export const ZOverlayInfo = z.object({
  mint: z.string(),
  name: z.string(),
  symbol: z.string(),
});
export type TOverlayInfo = z.infer<typeof ZOverlayInfo>;

/** `GET /api/streams/{mint}/overlays` and `POST …/overlays/key` (creator only): the key and its three URLs. */
export const ZOverlaySettings = z.object({
  key: z.string(),
  created_at: z.string(),
  urls: z.object({ chat: z.string(), alerts: z.string(), goal: z.string() }),
});
export type TOverlaySettings = z.infer<typeof ZOverlaySettings>;
