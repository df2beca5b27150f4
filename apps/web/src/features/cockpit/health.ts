import { formatBitrate, formatInteger, formatPercent, type TIngestHealthReading } from '@mintcast/contracts';

/** One reading of the outgoing stream, as the cockpit shows it. */
export interface THealth {
  width: number;
  height: number;
  fps: number;
  /** Video + audio sent over the last interval. */
  bitrateKbps: number;
  /**
   * Packets the receiver reported lost over the last interval, in percent; null when the source does not
   * measure loss (a LiveKit Ingress).
   */
  lossPct: number | null;
  /** The encoder is held back: 'bandwidth' (the upload cannot keep up), 'cpu', or null. */
  limitation: 'bandwidth' | 'cpu' | null;
  /**
   * What the browser's video encoder aims at against what went out, for the layers that sent in the interval;
   * null when the source does not say (the media server's reading of an OBS stream).
   */
  encoder: EncoderTarget | null;
}

/** The active video layers' sent and target rates, and the frame rate the camera or screen delivers. */
export interface EncoderTarget {
  sentKbps: number;
  /** Sum of the layers' `targetBitrate`; 0 when the browser does not report one. */
  targetKbps: number;
  /** Frames per second the capture delivers (the `media-source` report); null when unknown. */
  sourceFps: number | null;
}

/** Where the cockpit reads health from: the browser's own sender stats, or the media server for WHIP. */
export interface HealthSource {
  subscribe(listener: () => void): () => void;
  getSnapshot(): THealth | null;
}

/** Loss above this is shown as high (and, sustained, warns: upload-warning.ts). */
export const LOSS_WARNING_PCT = 5;

/** Cumulative counters of one sender (a simulcast layer or the audio track) at one moment. */
export interface SenderSample {
  id: string;
  bytesSent: number;
  packetsSent: number;
  packetsLost: number;
  timestamp: number;
  width?: number;
  height?: number;
  fps?: number;
  qualityLimitationReason?: string;
  /** The encoder's target for this layer, bits per second. */
  targetBitrate?: number;
  /** Frames per second the capture delivers to the encoder (same for every layer of a track). */
  sourceFps?: number;
}

/**
 * Health from two successive samples of every sender: the largest layer's resolution and frame rate, the
 * bitrate summed over senders, loss as lost / sent packets over the interval. Null before a previous sample.
 * The shown layer and the encoder's figures count only layers that sent in the interval: the browser pauses
 * the upper simulcast layers while its bandwidth estimate ramps up, and a paused layer is not a slow one.
 */
export const healthFrom = (previous: SenderSample[], current: SenderSample[]): THealth | null => {
  if (previous.length === 0 || current.length === 0) return null;
  const before = new Map(previous.map((s) => [s.id, s]));
  let bits = 0;
  let seconds = 0;
  let sent = 0;
  let lost = 0;
  const active: SenderSample[] = [];
  let videoBits = 0;
  for (const s of current) {
    const p = before.get(s.id);
    if (!p || s.timestamp <= p.timestamp) continue;
    const layerBits = Math.max(0, s.bytesSent - p.bytesSent) * 8;
    bits += layerBits;
    seconds = Math.max(seconds, (s.timestamp - p.timestamp) / 1000);
    sent += Math.max(0, s.packetsSent - p.packetsSent);
    lost += Math.max(0, s.packetsLost - p.packetsLost);
    if (s.width !== undefined && layerBits > 0) {
      active.push(s);
      videoBits += layerBits;
    }
  }
  if (seconds === 0) return null;
  const bySize = (list: SenderSample[]) =>
    [...list].sort((a, b) => (b.width ?? 0) * (b.height ?? 0) - (a.width ?? 0) * (a.height ?? 0))[0];
  const top = bySize(active) ?? bySize(current.filter((s) => s.width !== undefined));
  const reasons = current.map((s) => s.qualityLimitationReason);
  const sourceFps = active.find((s) => s.sourceFps !== undefined)?.sourceFps;
  return {
    width: top?.width ?? 0,
    height: top?.height ?? 0,
    fps: Math.round(top?.fps ?? 0),
    bitrateKbps: Math.round(bits / seconds / 1000),
    lossPct: sent + lost > 0 ? Math.round((lost / (sent + lost)) * 1000) / 10 : 0,
    limitation: reasons.includes('bandwidth') ? 'bandwidth' : reasons.includes('cpu') ? 'cpu' : null,
    encoder:
      active.length === 0
        ? null
        : {
            sentKbps: Math.round(videoBits / seconds / 1000),
            targetKbps: Math.round(active.reduce((sum, s) => sum + (s.targetBitrate ?? 0), 0) / 1000),
            sourceFps: sourceFps === undefined ? null : Math.round(sourceFps),
          },
  };
};

/**
 * A reading of the server's ingest health (media server or LiveKit Ingress) as the cockpit's health. Only a
 * browser's encoder says why it holds back and what it aims at, so `limitation` and `encoder` are null: for
 * OBS the warning comes from loss.
 */
export const healthFromReading = (reading: TIngestHealthReading): THealth => ({
  width: reading.width ?? 0,
  height: reading.height ?? 0,
  fps: reading.fps,
  bitrateKbps: reading.bitrateKbps,
  lossPct: reading.lossPct,
  limitation: null,
  encoder: null,
});

const UNKNOWN = '—';

/**
 * The cockpit's four health figures as shown: "—" for what is not known (no reading, no frame size yet, or a
 * source that does not measure loss), never a 0 that would claim a clean upload.
 */
export const healthFigures = (
  h: THealth | undefined,
  locale = 'en-US',
): { resolution: string; fps: string; bitrate: string; loss: string; lossHigh: boolean } => ({
  resolution: h && h.width > 0 ? `${h.width}×${h.height}` : UNKNOWN,
  fps: h ? formatInteger(h.fps, locale) : UNKNOWN,
  bitrate: h ? formatBitrate(h.bitrateKbps, locale) : UNKNOWN,
  loss: h && h.lossPct !== null ? formatPercent(h.lossPct, locale) : UNKNOWN,
  lossHigh: h?.lossPct != null && h.lossPct > LOSS_WARNING_PCT,
});

/**
 * The last `kept` readings after `current` arrived. No reading (the stream stopped, its publisher vanished)
 * clears them: the tiles and the warning must not go on showing the last figures of a stream that is gone.
 */
export const recentReadings = (recent: THealth[], current: THealth | null, kept = 3): THealth[] =>
  current ? [...recent.slice(1 - kept), current] : [];
