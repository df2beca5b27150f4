/**
 * A short generated chime for the alerts overlay (WebAudio, no sound file): two sine notes. OBS plays a browser
 * source's audio when "Control audio via OBS" is ticked; a browser tab may keep it silent until a click.
 */
export const playBeep = (): void => {
  const Ctx =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return;
  try {
    const ctx = new Ctx();
    const at = ctx.currentTime;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = freq;
      const start = at + i * 0.12;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.25, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start);
      osc.stop(start + 0.3);
    }
    setTimeout(() => void ctx.close(), 800);
  } catch {
    // No audio device: the alert shows without its sound.
  }
};
