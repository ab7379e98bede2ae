import { lazy, Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '@web/db/current-user';
import { AuthDialogs } from '@web/features/auth';
import { endBootShell, firstPageRendered } from '@web/lib/boot-shell';
import { markFirstPageShown, useIdleAfterFirstPage } from '@web/lib/idle';
import { RenderLater } from '@web/lib/render-later';
import { PageLoading, RouteErrorBoundary } from '../route-error';
import { isFullBleed, useRouteMatches } from '../route-matches';
import { CanonicalLink, DocumentTitle, RouteAnnouncer, ScrollToTop } from './route-effects';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * The frame around every route (docs/product/pages.md): header + nav, the page, footer. The header paints
 * at once; PageLoading holds the page's place while its code downloads, then the page and the footer show
 * together. A page that throws shows RouteError inside the frame.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const matches = useRouteMatches();
  // One boundary per route (not per URL): /finds/1 → /finds/2 keeps the page; another page shows
  // PageLoading while its chunk downloads instead of leaving the old page up with no sign of progress.
  // The error boundary sits inside it, so a page that throws still has the footer around it.
  const routeKey = matches.at(-1)?.route.path ?? 'index';
  // A full-bleed page (the map) is the window's height under the header, with no footer to scroll to.
  const fullBleed = isFullBleed(matches);

  return (
    <div className={fullBleed ? 'flex h-dvh flex-col' : 'flex min-h-dvh flex-col'}>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-lime-800 px-4 py-3 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <ModerationNotices />
      {/* The footer waits with the page: painted early, it would be pushed down when the page arrives. */}
      <Suspense
        key={routeKey}
        fallback={
          <Main fullBleed={fullBleed}>
            <PageLoading />
          </Main>
        }
      >
        <Main fullBleed={fullBleed}>
          <RouteErrorBoundary key={pathname}>
            <Outlet />
          </RouteErrorBoundary>
        </Main>
        {fullBleed ? null : (
          <RenderLater>
            <SiteFooter />
          </RenderLater>
        )}
        <FirstPageShown />
      </Suspense>
      <AuthDialogs />
      <Achievements />
      <ScrollToTop />
      <CanonicalLink />
      <DocumentTitle />
      <RouteAnnouncer />
    </div>
  );
}

// At least a screen tall: the footer starts below the fold, so a page whose content arrives after its first
// paint never pushes a visible footer down (a layout shift).
function Main({ children, fullBleed }: { children: ReactNode; fullBleed: boolean }) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className={
        fullBleed
          ? 'relative min-h-0 flex-1 overflow-y-auto focus:outline-none'
          : 'min-h-dvh flex-1 focus:outline-none'
      }
    >
      {children}
    </main>
  );
}

// Announces achievements unlocked by the member's writes (after each sync): its own chunk, not the first load.
const AchievementWatcher = lazy(async () => ({
  default: (await import('@web/features/achievements/watcher')).AchievementWatcher,
}));

function Achievements() {
  const { user } = useCurrentUser();
  // Once the first page is shown and the browser is idle (lib/idle.ts), like the sync engine itself.
  const idle = useIdleAfterFirstPage();
  return user && idle ? (
    <Suspense fallback={null}>
      <AchievementWatcher userId={user.id} />
    </Suspense>
  ) : null;
}

// A moderator's warnings and a suspension in force (docs/moderation.md): read once per session, after the
// first page, in a chunk of their own.
const MemberNotices = lazy(async () => ({
  default: (await import('@web/features/moderation/member-notices')).MemberNotices,
}));

function ModerationNotices() {
  const { user } = useCurrentUser();
  const idle = useIdleAfterFirstPage();
  return user && idle ? (
    <Suspense fallback={null}>
      <MemberNotices userId={user.id} />
    </Suspense>
  ) : null;
}

/**
 * Rendered with the page, not its placeholder: the static shell gives way to the page before the browser
 * paints (a layout effect) — or, when it shows the server's first look of this page, once the page has its
 * records (lib/boot-shell.ts) — then work deferred until the first page (lib/idle.ts) may start. Another
 * route ends the shell at once: a first look is only ever of the page it was written for.
 */
function FirstPageShown() {
  const { pathname } = useLocation();
  const [firstPath] = useState(pathname);
  useLayoutEffect(() => firstPageRendered(firstPath), [firstPath]);
  useLayoutEffect(() => {
    if (pathname !== firstPath) endBootShell();
  }, [pathname, firstPath]);
  useEffect(() => markFirstPageShown(), []);
  return null;
}
