/**
 * A short two-tone beep for an urgent notice, made with Web Audio (no sound file). A
 * browser that has not let the page play sound yet (no click since it loaded) stays
 * silent; the toast still shows.
 */
let context: AudioContext | null = null;

export function beep(): void {
  try {
    const Audio =
      window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Audio) return;
    context ??= new Audio();
    const ctx = context;
    if (ctx.state === "suspended") void ctx.resume().catch(() => {});
    const start = ctx.currentTime;
    for (const [i, frequency] of [880, 660].entries()) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = frequency;
      const at = start + i * 0.18;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 0.17);
    }
  } catch {
    // No sound is no failure: the toast and the bell carry the notice.
  }
}
