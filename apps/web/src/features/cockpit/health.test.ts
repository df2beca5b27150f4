import { describe, expect, it } from 'vitest';
import { healthFigures, healthFrom, healthFromReading, type SenderSample } from './health.ts';

const video = (over: Partial<SenderSample>): SenderSample => ({
  id: 'v-h',
  bytesSent: 0,
  packetsSent: 0,
  packetsLost: 0,
  timestamp: 0,
  width: 1280,
  height: 720,
  fps: 30,
  ...over,
});

describe('healthFrom', () => {
  it('sums the bitrate, takes the largest layer and computes loss over the interval', () => {
    const before = [
      video({ timestamp: 1000 }),
      video({ id: 'v-l', width: 320, height: 180, timestamp: 1000 }),
    ];
    const after = [
      video({ timestamp: 3000, bytesSent: 500_000, packetsSent: 450, packetsLost: 50 }),
      video({ id: 'v-l', width: 320, height: 180, timestamp: 3000, bytesSent: 50_000, packetsSent: 100 }),
    ];
    expect(healthFrom(before, after)).toEqual({
      width: 1280,
      height: 720,
      fps: 30,
      bitrateKbps: 2200,
      lossPct: 8.3,
      limitation: null,
      encoder: { sentKbps: 2200, targetKbps: 0, sourceFps: null },
    });
  });
  it('takes the shown layer and the encoder figures from layers that sent, not paused ones', () => {
    const before = [
      video({ timestamp: 0 }),
      video({ id: 'v-l', width: 320, height: 180, timestamp: 0, bytesSent: 1000 }),
    ];
    const after = [
      // The top layer is paused while the bandwidth estimate ramps up: nothing sent, no frame rate.
      video({ timestamp: 2000, fps: 0, targetBitrate: 0 }),
      video({
        id: 'v-l',
        width: 320,
        height: 180,
        timestamp: 2000,
        bytesSent: 1000 + 50_000,
        fps: 30,
        targetBitrate: 200_000,
        sourceFps: 30,
      }),
    ];
    expect(healthFrom(before, after)).toMatchObject({
      width: 320,
      fps: 30,
      encoder: { sentKbps: 200, targetKbps: 200, sourceFps: 30 },
    });
  });
  it('has nothing to say from one sample', () => {
    expect(healthFrom([], [video({ timestamp: 1 })])).toBeNull();
  });
  it('reports a bandwidth limitation from any layer', () => {
    const h = healthFrom(
      [video({ timestamp: 0 })],
      [video({ timestamp: 2000, qualityLimitationReason: 'bandwidth' })],
    );
    expect(h?.limitation).toBe('bandwidth');
  });
});

describe('healthFigures', () => {
  it('shows the figures of a LiveKit Ingress reading, and its unmeasured loss as "—", not 0%', () => {
    const figures = healthFigures(
      healthFromReading({ width: 1920, height: 1080, fps: 30, bitrateKbps: 4628, lossPct: null }),
    );
    expect(figures).toEqual({
      resolution: '1920×1080',
      fps: '30',
      bitrate: '4.63 Mb/s',
      loss: '—',
      lossHigh: false,
    });
  });
  it('shows the media server’s measured loss, high above the warning threshold', () => {
    const reading = { width: 1280, height: 720, fps: 30, bitrateKbps: 2500, lossPct: 0 };
    expect(healthFigures(healthFromReading(reading))).toMatchObject({ loss: '0%', lossHigh: false });
    expect(healthFigures(healthFromReading({ ...reading, lossPct: 7.5 }))).toMatchObject({
      loss: '7.5%',
      lossHigh: true,
    });
  });
  it('writes the figures in the visitor’s locale (issue 29)', () => {
    const reading = { width: 1280, height: 720, fps: 30, bitrateKbps: 2500, lossPct: 7.5 };
    expect(healthFigures(healthFromReading(reading), 'fr')).toMatchObject({
      bitrate: '2,50 Mb/s',
      loss: '7,5\u00a0%',
    });
  });
  it('shows "—" for everything before a reading, and for the size before the first frame', () => {
    expect(healthFigures(undefined)).toEqual({
      resolution: '—',
      fps: '—',
      bitrate: '—',
      loss: '—',
      lossHigh: false,
    });
    const noFrame = healthFromReading({ width: null, height: null, fps: 0, bitrateKbps: 0, lossPct: 0 });
    expect(healthFigures(noFrame).resolution).toBe('—');
  });
});
