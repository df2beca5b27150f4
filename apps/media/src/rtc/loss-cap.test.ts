import { VideoQuality } from '@livekit/protocol';
import { describe, expect, it } from 'vitest';
import { LossCap, pathLoss } from './loss-cap.ts';

const { LOW, MEDIUM, HIGH } = VideoQuality;

describe('LossCap', () => {
  it('moves one layer down after two congested reports in a row, or one severe one', () => {
    const cap = new LossCap(0);
    expect(cap.report(0.12, HIGH, 1_000)).toBe(false); // one report might be a blip
    expect(cap.report(0.01, HIGH, 2_000)).toBe(false);
    expect(cap.report(0.12, HIGH, 3_000)).toBe(false); // not in a row
    expect(cap.report(0.15, HIGH, 4_000)).toBe(true);
    expect(cap.cap).toBe(MEDIUM);
    expect(cap.report(0.3, MEDIUM, 5_000)).toBe(true); // severe: at once
    expect(cap.cap).toBe(LOW);
    expect(cap.report(0.5, LOW, 6_000)).toBe(false); // nothing lower
    expect(cap.report(0.5, LOW, 7_000)).toBe(false);
    expect(cap.cap).toBe(LOW);
  });

  it('goes below the layer actually forwarded, not below a cap that was never reached', () => {
    const cap = new LossCap(0);
    // The viewer asked for MEDIUM at most; loss there means LOW, not MEDIUM.
    expect(cap.report(0.3, MEDIUM, 1_000)).toBe(true);
    expect(cap.cap).toBe(LOW);
  });

  it('tries the next layer up after 10 s clean, and waits twice as long each time a try fails', () => {
    const cap = new LossCap(0);
    cap.report(0.3, HIGH, 0);
    expect(cap.cap).toBe(MEDIUM);
    expect(cap.report(0.0, MEDIUM, 9_000)).toBe(false);
    expect(cap.report(0.05, MEDIUM, 9_500)).toBe(false); // some loss: the clean spell starts again
    expect(cap.report(0.0, MEDIUM, 19_000)).toBe(false);
    expect(cap.report(0.0, MEDIUM, 19_500)).toBe(true);
    expect(cap.cap).toBe(HIGH);
    // The try brings the loss back: down again, and the next try waits 20 s.
    expect(cap.report(0.3, HIGH, 21_000)).toBe(true);
    expect(cap.cap).toBe(MEDIUM);
    expect(cap.report(0.0, MEDIUM, 35_000)).toBe(false);
    expect(cap.report(0.0, MEDIUM, 41_000)).toBe(true);
    expect(cap.cap).toBe(HIGH);
  });

  it('a try that holds for 30 s resets the wait to 10 s', () => {
    const cap = new LossCap(0);
    cap.report(0.3, HIGH, 0);
    cap.report(0.0, MEDIUM, 10_000); // up
    cap.report(0.3, HIGH, 11_000); // failed: next wait 20 s
    cap.report(0.0, MEDIUM, 31_000); // up again
    expect(cap.cap).toBe(HIGH);
    cap.report(0.0, HIGH, 61_000); // held for 30 s
    cap.report(0.3, HIGH, 62_000); // down (a long-held try does not double the wait)
    expect(cap.cap).toBe(MEDIUM);
    expect(cap.report(0.0, MEDIUM, 72_000)).toBe(true);
  });

  it("separates the viewer's path loss from what arrived lost from the publisher", () => {
    expect(pathLoss(0.3, 0)).toBeCloseTo(0.3);
    expect(pathLoss(0.3, 0.3)).toBe(0);
    expect(pathLoss(0.44, 0.2)).toBeCloseTo(0.3); // 1 − 0.56 / 0.8
    expect(pathLoss(0.1, 0.3)).toBe(0); // reports and counts cover slightly different spans
    expect(pathLoss(1, 1)).toBe(0);
  });
});
