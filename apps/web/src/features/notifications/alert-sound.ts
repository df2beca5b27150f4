let context: AudioContext | null = null;

/**
 * A short two-note chime for "Sound alerts", synthesised with Web Audio (no sound file to download). Browsers
 * may keep audio suspended until the visitor has interacted with the page; then it stays silent.
 */
export const playAlertSound = (): void => {
  try {
    context ??= new AudioContext();
    const ctx = context;
    void ctx.resume().catch(() => undefined);
    const start = ctx.currentTime + 0.01;
    [880, 1320].forEach((frequency, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = frequency;
      const at = start + i * 0.14;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 0.3);
    });
  } catch {
    // No Web Audio here: the toast alone has to do.
  }
};
