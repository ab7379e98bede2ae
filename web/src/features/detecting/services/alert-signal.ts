/**
 * The alert a member feels and hears when "Detecting now" warns (docs/permissions.md "Detecting now"): a
 * vibration (a long pattern for a danger, a short one for a warning) and a beep made with Web Audio — no
 * sound file to fetch. Browsers allow sound only after a tap: `prepareSound` runs on the Start tap.
 */
let audio: AudioContext | null = null;

/** Call from the tap that starts the mode, so later beeps are allowed. */
export function prepareSound(): void {
  if (typeof AudioContext === 'undefined') return;
  audio ??= new AudioContext();
  void audio.resume().catch(() => undefined);
}

function beep(times: number): void {
  if (!audio || audio.state !== 'running') return;
  const start = audio.currentTime;
  for (let i = 0; i < times; i++) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.3, start + i * 0.35);
    gain.gain.exponentialRampToValueAtTime(0.001, start + i * 0.35 + 0.25);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start + i * 0.35);
    oscillator.stop(start + i * 0.35 + 0.25);
  }
}

export const DANGER_VIBRATION = [400, 150, 400, 150, 400];
export const WARNING_VIBRATION = [200, 100, 200];

/** Vibrates and beeps: three times for a danger, twice for a warning. */
export function signalAlert(danger: boolean): void {
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function')
    navigator.vibrate(danger ? DANGER_VIBRATION : WARNING_VIBRATION);
  beep(danger ? 3 : 2);
}
