/**
 * Registers the service worker (production builds only: the dev server has none) and, when a new
 * version is waiting, asks before switching. We never activate it automatically: a forced reload could
 * throw away a half-written post or find (docs/decisions/0018-pwa-update-prompt.md).
 */
import { RefreshCw, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Workbox } from 'workbox-window';
import { Button } from '@web/components/ui/button';

export function UpdatePrompt() {
  const wbRef = useRef<Workbox | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const wb = new Workbox('/sw.js', { scope: '/' });
    wbRef.current = wb;
    const onWaiting = () => setWaiting(true);
    wb.addEventListener('waiting', onWaiting);
    wb.register().catch((err: unknown) => console.warn('Service worker registration failed', err));
    // Look for a new version when the app comes back to the foreground (PWAs can stay open for days).
    const onVisible = () => {
      if (document.visibilityState === 'visible') void wb.update().catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      wb.removeEventListener('waiting', onWaiting);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  if (!waiting) return null;

  const reload = () => {
    const wb = wbRef.current;
    if (!wb) return;
    setReloading(true);
    // Reload only once the new worker controls the page, so the page and its assets come from it.
    wb.addEventListener('controlling', () => window.location.reload());
    wb.messageSkipWaiting();
  };

  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-[90] mx-auto flex max-w-md items-center gap-3 rounded-xl border border-lime-700 bg-lime-900 p-3 pl-4 text-white shadow-xl sm:bottom-4"
    >
      <p className="flex-1 text-sm font-medium">A new version is available</p>
      <Button variant="accent" onClick={reload} disabled={reloading}>
        <RefreshCw aria-hidden="true" className={reloading ? 'animate-spin' : undefined} />
        Reload
      </Button>
      <Button variant="inverse" size="icon" aria-label="Not now" onClick={() => setWaiting(false)}>
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
