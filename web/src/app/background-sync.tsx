/**
 * Mounts the sync engine's triggers (push the outbox and pull on start-up, online, visible, every 30 s, after
 * writes). app.tsx loads this module lazily, right after the first render, so the engine (push, pull, photo
 * uploads) is not part of the first download; nothing waits for it to paint (docs/sync.md).
 */
import { useBackgroundSync } from '@web/sync';

export function BackgroundSync() {
  useBackgroundSync();
  return null;
}
