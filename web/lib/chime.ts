/** The sound of an alert that must reach (web/lib/alerts.ts), loaded when first needed. */
/** A short two-note chime; silent where the browser has no audio or refuses it. */
export function playChime() {
  try {
    const Audio = window.AudioContext;
    if (!Audio) return;
    const audio = new Audio();
    const gain = audio.createGain();
    gain.gain.value = 0.08;
    gain.connect(audio.destination);
    [880, 660].forEach((hz, i) => {
      const tone = audio.createOscillator();
      tone.frequency.value = hz;
      tone.connect(gain);
      tone.start(audio.currentTime + i * 0.15);
      tone.stop(audio.currentTime + i * 0.15 + 0.12);
    });
    setTimeout(() => void audio.close(), 600);
  } catch {
    // no sound is no harm: the toast and the bell still say it
  }
}
