import { LOSS_WARNING_PCT, type THealth } from './health.ts';

/** Below this share of its target, the encoder's output (bitrate or frame rate) is really falling behind. */
export const BEHIND_RATIO = 0.7;
/** Readings in a row a rate or frame-rate shortfall must last: the start's bandwidth ramp-up takes about 4 s. */
export const BEHIND_READINGS = 3;
/** Readings in a row loss must stay above LOSS_WARNING_PCT (one bad reading is noise). */
export const LOSS_READINGS = 2;
/** Targets this low say nothing (a layer just switched on); the warning ignores them. */
const MIN_TARGET_KBPS = 100;
const MIN_SOURCE_FPS = 5;

/** Why one reading says the upload is behind, or null when it is not. */
export type BehindReason = 'bitrate' | 'fps' | null;

/**
 * One reading is behind when the browser's encoder says bandwidth holds it back AND what went out is really
 * below what it aims at: under BEHIND_RATIO of its target bitrate, or of the frame rate the capture delivers.
 * Either half alone is normal: every broadcast starts bandwidth-limited while the estimate ramps up (the
 * encoder's target follows it, so the output keeps up), and a still screen share sends far less than its
 * target without any trouble.
 */
export const behindReason = (h: THealth): BehindReason => {
  const e = h.encoder;
  if (!e || h.limitation !== 'bandwidth') return null;
  if (e.targetKbps >= MIN_TARGET_KBPS && e.sentKbps < e.targetKbps * BEHIND_RATIO) return 'bitrate';
  if (e.sourceFps !== null && e.sourceFps >= MIN_SOURCE_FPS && h.fps < e.sourceFps * BEHIND_RATIO)
    return 'fps';
  return null;
};

const lossy = (h: THealth) => h.lossPct !== null && h.lossPct > LOSS_WARNING_PCT;

/**
 * The cockpit's "upload can't keep up" warning, from the latest readings (oldest first): loss above
 * LOSS_WARNING_PCT for LOSS_READINGS readings, or the output behind its target for BEHIND_READINGS readings.
 */
export const uploadStruggling = (recent: THealth[]): boolean => {
  const lossWindow = recent.slice(-LOSS_READINGS);
  if (lossWindow.length === LOSS_READINGS && lossWindow.every(lossy)) return true;
  const behindWindow = recent.slice(-BEHIND_READINGS);
  return behindWindow.length === BEHIND_READINGS && behindWindow.every((h) => behindReason(h) !== null);
};

/** How many readings the cockpit keeps for the warning. */
export const READINGS_KEPT = Math.max(LOSS_READINGS, BEHIND_READINGS);
