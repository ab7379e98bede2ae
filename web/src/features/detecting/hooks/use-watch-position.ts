/**
 * Follows the device's position while "Detecting now" is on (docs/permissions.md "Detecting now"):
 * `watchPosition` with high accuracy and no cached fixes, stopped when the mode stops or the page closes.
 * The browser asks for the position only when the member presses Start, never on load.
 */
import { useEffect, useState } from 'react';

export interface Fix {
  latitude: number;
  longitude: number;
  accuracyM: number;
  /** The fix's time (ms since the epoch), from the device. */
  at: number;
}

export type WatchState =
  | { state: 'off' }
  | { state: 'waiting' }
  | { state: 'fix'; fix: Fix }
  | { state: 'error'; reason: 'denied' | 'unavailable' | 'unsupported' };

const supported = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

export function useWatchPosition(on: boolean): WatchState {
  // What the watch last said; null until it says something (waiting), and again once it stops.
  const [heard, setHeard] = useState<WatchState | null>(null);
  useEffect(() => {
    if (!on || !supported()) return;
    const id = navigator.geolocation.watchPosition(
      (pos) =>
        setHeard({
          state: 'fix',
          fix: {
            latitude: pos.coords.latitude,
            longitude: pos.coords.longitude,
            accuracyM: pos.coords.accuracy,
            at: pos.timestamp,
          },
        }),
      (err) =>
        // A timeout or a lost signal is not the end: the watch goes on and the next fix replaces this.
        setHeard((current) =>
          err.code === err.PERMISSION_DENIED
            ? { state: 'error', reason: 'denied' }
            : current?.state === 'fix'
              ? current
              : { state: 'error', reason: 'unavailable' },
        ),
      { enableHighAccuracy: true, maximumAge: 0, timeout: 30_000 },
    );
    return () => {
      navigator.geolocation.clearWatch(id);
      setHeard(null);
    };
  }, [on]);
  if (!on) return { state: 'off' };
  if (!supported()) return { state: 'error', reason: 'unsupported' };
  return heard ?? { state: 'waiting' };
}
