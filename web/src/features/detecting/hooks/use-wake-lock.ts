/**
 * Keeps the screen on while "Detecting now" is on (Screen Wake Lock API), so the warnings show without
 * unlocking the phone. The browser drops the lock when the page is hidden; it is taken again when the page
 * shows. Where the API is missing (older iPhones) the mode still works and says the screen may sleep.
 */
import { useEffect, useState } from 'react';

export type WakeLockState = 'off' | 'on' | 'unsupported' | 'refused';

const supported = () => typeof navigator !== 'undefined' && 'wakeLock' in navigator;

export function useWakeLock(on: boolean): WakeLockState {
  const [held, setHeld] = useState<'on' | 'refused' | null>(null);
  useEffect(() => {
    if (!on || !supported()) return;
    let sentinel: WakeLockSentinel | null = null;
    let stopped = false;
    const take = async () => {
      if (stopped || document.visibilityState !== 'visible') return;
      try {
        sentinel = await navigator.wakeLock.request('screen');
        if (stopped) void sentinel.release();
        else setHeld('on');
      } catch {
        if (!stopped) setHeld('refused');
      }
    };
    const onVisible = () => void take();
    document.addEventListener('visibilitychange', onVisible);
    void take();
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisible);
      void sentinel?.release();
      setHeld(null);
    };
  }, [on]);
  if (!on) return 'off';
  if (!supported()) return 'unsupported';
  return held ?? 'off';
}
