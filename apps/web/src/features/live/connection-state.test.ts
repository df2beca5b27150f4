import { describe, expect, it } from 'vitest';
import { createMismatchMonitor, type TConnectionState, toConnectionState } from './connection-state.ts';

describe('toConnectionState', () => {
  it('maps every livekit-client ConnectionState value', () => {
    expect(toConnectionState('connecting')).toBe('connecting');
    expect(toConnectionState('connected')).toBe('connected');
    expect(toConnectionState('reconnecting')).toBe('reconnecting');
    expect(toConnectionState('signalReconnecting')).toBe('reconnecting');
    expect(toConnectionState('disconnected')).toBe('disconnected');
  });
});

describe('createMismatchMonitor', () => {
  const setup = () => {
    const s = {
      tracked: 'connected' as TConnectionState,
      reported: 'connected' as TConnectionState,
      fired: 0,
    };
    const monitor = createMismatchMonitor({
      tracked: () => s.tracked,
      reported: () => s.reported,
      onMismatch: () => {
        s.fired += 1;
      },
    });
    return { s, monitor };
  };

  it('recreates only after 3 consecutive mismatching checks', () => {
    const { s, monitor } = setup();
    s.reported = 'disconnected';
    expect(monitor.check()).toBe(1);
    expect(monitor.check()).toBe(2);
    expect(s.fired).toBe(0);
    expect(monitor.check()).toBe(3);
    expect(s.fired).toBe(1);
    // It counts again from zero afterwards rather than firing on every later check.
    monitor.check();
    expect(s.fired).toBe(1);
  });

  it('an agreeing check in between resets the streak', () => {
    const { s, monitor } = setup();
    s.reported = 'reconnecting';
    monitor.check();
    monitor.check();
    s.reported = 'connected';
    expect(monitor.check()).toBe(0);
    s.reported = 'reconnecting';
    monitor.check();
    monitor.check();
    expect(s.fired).toBe(0);
  });
});
