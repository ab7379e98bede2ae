/** Side effects of every navigation: scroll to top, canonical link and document title (docs/product/pages.md). */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
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

export function DocumentTitle() {
  const matches = useRouteMatches();
  const title = [...matches]
    .reverse()
    .map((m) => m.route.handle)
    .find(isRouteHandle)?.title;
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} – metal detecting community`;
  }, [title]);
  return null;
}
