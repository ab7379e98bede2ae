/**
 * The member's notification settings (`GET/PUT /api/notifications/preferences`): read when the settings
 * open, and each change saved at once (only the fields it changes). They live on the server — it is the
 * server that decides what to send — so changing them needs a connection; the screen says so offline.
 */
import { useCallback, useEffect, useState } from 'react';
import type { NotificationPreferences, NotificationPreferencesInput } from '@schema/contracts/notifications';
import { api, ApiError } from '@web/lib/api';

export const PREFERENCES_PATH = '/api/notifications/preferences';

export type PreferencesState =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; value: NotificationPreferences };

export function usePreferences(userId: number | null): {
  prefs: PreferencesState;
  save(change: NotificationPreferencesInput): Promise<void>;
  reload(): void;
} {
  const [prefs, setPrefs] = useState<PreferencesState>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (userId === null) return;
    let live = true;
    api<NotificationPreferences>(PREFERENCES_PATH).then(
      (value) => live && setPrefs({ state: 'ready', value }),
      (err: unknown) =>
        live &&
        setPrefs({
          state: 'error',
          message:
            err instanceof ApiError && err.isNetwork
              ? 'Your notification settings need a connection. Please try again when you are online.'
              : 'Could not load your notification settings. Please try again.',
        }),
    );
    return () => {
      live = false;
    };
  }, [userId, attempt]);

  // Shown at once; put back as it was when the server refuses or cannot be reached (the caller says why).
  const save = useCallback(
    async (change: NotificationPreferencesInput) => {
      if (prefs.state !== 'ready') return;
      const before = prefs.value;
      setPrefs({
        state: 'ready',
        value: { ...before, ...change, channels: { ...before.channels, ...change.channels } },
      });
      try {
        const value = await api<NotificationPreferences>(PREFERENCES_PATH, { method: 'PUT', json: change });
        setPrefs({ state: 'ready', value });
      } catch (err) {
        setPrefs({ state: 'ready', value: before });
        throw err;
      }
    },
    [prefs],
  );

  const reload = useCallback(() => {
    setPrefs({ state: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { prefs, save, reload };
}
