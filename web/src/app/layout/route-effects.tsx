/**
 * Side effects of every navigation (docs/product/pages.md): scroll to top, canonical link, document title
 * and description, and for keyboard and screen-reader users the focus on the new page's heading with its
 * title announced.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { usePageMetaStore } from '@web/lib/page-meta';
import { isRouteHandle, useRouteMatches } from '../route-matches';

export const SITE_NAME = 'DigQuest';

export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    // In-page anchors (#section) scroll themselves; query-only changes (filters, tabs) keep the position.
    if (hash) return;
    const reduce =
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, left: 0, behavior: reduce ? 'auto' : 'smooth' });
  }, [pathname, hash]);
  return null;
}

/** The canonical URL drops query strings so /forum?category=2 and /forum count as one page. */
export function CanonicalLink() {
  const { pathname } = useLocation();
  useEffect(() => {
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.appendChild(link);
    }
    link.href = new URL(pathname, window.location.origin).href;
  }, [pathname]);
  return null;
}

/** The description index.html ships with: every page without its own keeps it. */
let defaultDescription: string | null = null;

function setMetaDescription(content: string | undefined) {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  defaultDescription ??= meta.content;
  meta.content = content || defaultDescription;
}

/** The route's title, unless the page named itself (a find's title: web/src/lib/page-meta.ts). */
export function DocumentTitle() {
  const matches = useRouteMatches();
  const routeTitle = [...matches]
    .reverse()
    .map((m) => m.route.handle)
    .find(isRouteHandle)?.title;
  const page = usePageMetaStore((s) => s.meta);
  const title = page?.title ?? routeTitle;
  const description = page?.description;
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} – metal detecting community`;
  }, [title]);
  useEffect(() => setMetaDescription(description), [description]);
  return null;
}

/** How long a new page may take (its code, then its record from IndexedDB) to show its heading. */
const HEADING_WAIT_MS = 5_000;

function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('#main h1');
}

/** A dialog that is open keeps the focus: a route change must not pull it out from under the member. */
function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/**
 * After a navigation (not the first page load, not an in-page #anchor) the focus moves to the new page's
 * h1, so the next Tab starts on that page rather than back in the header, and its title is read out in a
 * polite live region. Pages load lazily and some read their record first, so it waits for the heading.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  const firstPath = useRef<string | null>(pathname);
  useEffect(() => {
    if (firstPath.current === pathname) return;
    firstPath.current = null;
    let done = false;
    const land = (heading: HTMLElement | null) => {
      done = true;
      observer.disconnect();
      clearTimeout(timer);
      setMessage(heading?.textContent?.trim() || document.title);
      // A link to #comments means the member wants that spot, not the top of the page.
      if (!heading || window.location.hash || dialogOpen()) return;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    };
    const check = () => {
      const heading = pageHeading();
      if (heading && !done) land(heading);
    };
    const observer = new MutationObserver(check);
    const timer = setTimeout(() => land(null), HEADING_WAIT_MS);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    check();
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname]);
  return (
    <div className="sr-only" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  );
}
