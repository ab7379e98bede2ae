import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@web/components/ui/button';
import { RenderLater } from '@web/lib/render-later';
import { HeaderAuth } from '@web/features/auth';
import { ThemeToggle } from '../theme/theme-toggle';
import { Logo } from './logo';
import { MainNav } from './main-nav';

// Loaded right after the first render, with the sync engine it reports on (and its panel and tooltip):
// not part of the first download. Its box is reserved meanwhile, so the header does not shift.
const SyncIndicator = lazy(() =>
  import('@web/features/sync-status').then((m) => ({ default: m.SyncIndicator })),
);

// The unread-messages badge reads Dexie: loaded lazily too, never part of the first download.
const UnreadBadge = lazy(() =>
  import('@web/features/social/unread-badge').then((m) => ({ default: m.UnreadBadge })),
);
const NotificationBell = lazy(() =>
  import('@web/features/notifications/bell').then((m) => ({ default: m.NotificationBell })),
);

/**
 * Phones get a menu button revealing the nav as a stacked panel (a disclosure, so it pushes content
 * down instead of trapping focus); from `lg` the nav is a row under the top bar.
 */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const panelId = useId();
  const { pathname } = useLocation();

  // Close the panel when the route changes (also covers back/forward, not just link taps).
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85 dark:border-stone-800 dark:bg-stone-900/95 dark:supports-[backdrop-filter]:bg-stone-900/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-2 sm:gap-2 sm:px-4">
        <Button
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-expanded={menuOpen}
          aria-controls={panelId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? (
            <X className="size-6!" aria-hidden="true" />
          ) : (
            <Menu className="size-6!" aria-hidden="true" />
          )}
        </Button>
        <Link
          to="/"
          className="flex min-h-11 items-center gap-2 rounded-lg px-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-lime-600"
          aria-label="DigQuest home"
        >
          <Logo className="size-9 shrink-0" />
          <span className="hidden text-xl font-extrabold tracking-tight text-lime-800 min-[420px]:inline dark:text-lime-400">
            DigQuest
          </span>
        </Link>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <Suspense fallback={<div className="size-11 shrink-0" aria-hidden="true" />}>
            <SyncIndicator />
          </Suspense>
          <Suspense fallback={null}>
            <UnreadBadge />
            <NotificationBell />
          </Suspense>
          <ThemeToggle />
          <HeaderAuth />
        </div>
      </div>

      <nav aria-label="Main" className="hidden border-t border-stone-200 lg:block dark:border-stone-800">
        <div className="mx-auto max-w-7xl px-4 py-1">
          {/* Hidden on phones: its links render a task after the first render, in a box of their height. */}
          <RenderLater fallback={<div className="h-11" />}>
            <MainNav variant="bar" />
          </RenderLater>
        </div>
      </nav>

      <nav
        id={panelId}
        aria-label="Main"
        hidden={!menuOpen}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-stone-200 px-2 py-2 lg:hidden dark:border-stone-800"
      >
        {/* Its links exist while it is open: a closed panel is nothing to render. */}
        {menuOpen ? <MainNav variant="panel" onNavigate={() => setMenuOpen(false)} /> : null}
      </nav>
    </header>
  );
}
