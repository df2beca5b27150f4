import { z } from 'zod';

/**
 * Streaming software (OBS 30+) publishes over WHIP (RFC 9725). With the embedded media server the WHIP
 * endpoint is on the site's own origin (`/whip/{mint}`); with an external LiveKit it is LiveKit's ingress.
 */
export const INGEST_WHIP = 'whip';
export const WHIP_PATH_PREFIX = '/whip/';

/** Who publishes: `embedded` = our media server's WHIP endpoint, `livekit` = a LiveKit Ingress (WHIP input). */
export const ZIngestMode = z.enum(['embedded', 'livekit']);
export type TIngestMode = z.infer<typeof ZIngestMode>;

/** What the creator sees of a stream's ingest without the key (it is stored hashed, shown once). */
export const ZIngestInfo = z.object({
  mode: ZIngestMode,
  /** The WHIP server URL to paste into OBS; null while a LiveKit ingress has not been created yet. */
  whipUrl: z.string().nullable(),
  hasKey: z.boolean(),
  keyCreatedAt: z.string().nullable(),
});
export type TIngestInfo = z.infer<typeof ZIngestInfo>;

/** A freshly generated key: the only time it is sent. Generating again invalidates the previous one. */
export const ZIngestKey = ZIngestInfo.extend({ whipUrl: z.string(), streamKey: z.string() });
export type TIngestKey = z.infer<typeof ZIngestKey>;

/** The participant metadata of a WHIP publisher: the host, marked as coming from streaming software. */
export const whipHostMetadata = (): string => JSON.stringify({ role: 'host', ingest: INGEST_WHIP });

/** True when participant metadata says the participant is a WHIP ingest. */
export const isWhipIngest = (metadata: string | undefined | null): boolean => {
  try {
    return (JSON.parse(metadata ?? '') as { ingest?: unknown })?.ingest === INGEST_WHIP;
  } catch {
    return false;
  }
};

/**
 * One reading of what the media server (or a LiveKit Ingress) receives from a WHIP publisher, over its last
 * few seconds.
 */
export const ZIngestHealthReading = z.object({
  /** The video's frame size (VP8 keyframe header, H.264 SPS); null before the first one. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  fps: z.number(),
  /** Video and audio together. */
  bitrateKbps: z.number(),
  /**
   * Packets the publisher's upload lost, in percent; null when the source does not measure it (a LiveKit
   * Ingress reports no loss, and 0 would claim a clean upload).
   */
  lossPct: z.number().nullable(),
});
export type TIngestHealthReading = z.infer<typeof ZIngestHealthReading>;

/** A LiveKit Ingress's endpoint state (`IngressState.Status`, ENDPOINT_ prefix dropped, lower case). */
export const ZIngressStatus = z.enum(['inactive', 'buffering', 'publishing', 'error', 'complete']);
export type TIngressStatus = z.infer<typeof ZIngressStatus>;

/**
 * The creator's ingest health (`GET /api/streams/{mint}/ingest/health`): from the embedded media server's
 * per-track figures, or from the LiveKit Ingress's state with an external LiveKit. `available` is false when the
 * server has no source of health for the stream (both ingest modes have one now); `health` is null while the
 * creator publishes nothing. `ingress` is the LiveKit
 * Ingress's status (and LiveKit's error text when it failed); null with the embedded media server or before
 * an ingress exists.
 */
export const ZIngestHealth = z.object({
  available: z.boolean(),
  health: ZIngestHealthReading.nullable(),
  ingress: z.object({ status: ZIngressStatus, error: z.string().nullable() }).nullable(),
});
export type TIngestHealth = z.infer<typeof ZIngestHealth>;
