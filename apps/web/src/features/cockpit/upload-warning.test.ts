import { describe, expect, it } from 'vitest';
import type { THealth } from './health.ts';
import { behindReason, uploadStruggling } from './upload-warning.ts';

const h = (over: Partial<THealth> = {}, encoder: Partial<NonNullable<THealth['encoder']>> = {}): THealth => ({
  width: 1280,
  height: 720,
  fps: 30,
  bitrateKbps: 1700,
  lossPct: 0,
  limitation: null,
  encoder: { sentKbps: 1650, targetKbps: 1700, sourceFps: 30, ...encoder },
  ...over,
});
const times = (n: number, reading: THealth) => Array.from({ length: n }, () => reading);

describe('behindReason', () => {
  it('is null at a start that is bandwidth-limited but keeps up with its (ramping) target', () => {
    expect(behindReason(h({ limitation: 'bandwidth', fps: 30 }, { sentKbps: 280, targetKbps: 300 }))).toBe(
      null,
    );
  });
  it('names the bitrate when bandwidth holds the encoder back and it sends under 70 % of its target', () => {
    expect(behindReason(h({ limitation: 'bandwidth' }, { sentKbps: 600, targetKbps: 1700 }))).toBe('bitrate');
  });
  it('names the frame rate when bandwidth holds the encoder back and it encodes under 70 % of the capture', () => {
    expect(behindReason(h({ limitation: 'bandwidth', fps: 12 }, { sourceFps: 30 }))).toBe('fps');
  });
  it('ignores a shortfall without a bandwidth limitation (a still screen share undershoots its target)', () => {
    expect(behindReason(h({ fps: 2 }, { sentKbps: 90, targetKbps: 1700, sourceFps: 30 }))).toBe(null);
    expect(behindReason(h({ limitation: 'cpu', fps: 10 }, { sourceFps: 30 }))).toBe(null);
  });
  it('ignores targets too small to mean anything, and sources that do not say (OBS)', () => {
    expect(behindReason(h({ limitation: 'bandwidth' }, { sentKbps: 10, targetKbps: 60 }))).toBe(null);
    expect(behindReason(h({ limitation: 'bandwidth', fps: 1 }, { sourceFps: 2 }))).toBe(null);
    expect(behindReason(h({ limitation: 'bandwidth', encoder: null }))).toBe(null);
  });
});

describe('uploadStruggling', () => {
  it('stays quiet through a normal start: bandwidth-limited with 0 % loss, output on target', () => {
    const ramp = [150, 300, 600, 1200, 1700].map((kbps) =>
      h({ limitation: 'bandwidth', bitrateKbps: kbps }, { sentKbps: kbps, targetKbps: kbps }),
    );
    for (let i = 1; i <= ramp.length; i++) expect(uploadStruggling(ramp.slice(0, i))).toBe(false);
  });
  it('warns when the output stays behind its target for three readings, not one or two', () => {
    const behind = h({ limitation: 'bandwidth' }, { sentKbps: 500, targetKbps: 1700 });
    expect(uploadStruggling([h(), behind])).toBe(false);
    expect(uploadStruggling([h(), behind, behind])).toBe(false);
    expect(uploadStruggling(times(3, behind))).toBe(true);
    expect(uploadStruggling([behind, behind, h()])).toBe(false);
  });
  it('warns when the frame rate stays under 70 % of the capture for three readings', () => {
    expect(uploadStruggling(times(3, h({ limitation: 'bandwidth', fps: 15 })))).toBe(true);
    expect(uploadStruggling(times(3, h({ limitation: 'bandwidth', fps: 25 })))).toBe(false);
  });
  it('warns on loss above 5 % only when it lasts two readings', () => {
    expect(uploadStruggling([h(), h({ lossPct: 12 })])).toBe(false);
    expect(uploadStruggling([h({ lossPct: 7 }), h({ lossPct: 12 })])).toBe(true);
    expect(uploadStruggling([h({ lossPct: 5 }), h({ lossPct: 5 })])).toBe(false);
  });
  it('does not warn on loss that is not measured (a LiveKit Ingress) or before any reading', () => {
    expect(uploadStruggling([h({ lossPct: null }), h({ lossPct: null })])).toBe(false);
    expect(uploadStruggling([])).toBe(false);
  });
});
