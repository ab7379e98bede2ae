/**
 * The routes matched for the current location, shared by the layout (which page is loading, the error
 * boundary's reset) and the route effects (the title). AppRoutes provides them.
 */
import { createContext, useContext } from 'react';
import type { RouteMatch } from 'react-router';

/** Route `handle` shape: pages that know a better title (a find's name) may set document.title themselves. */
export interface RouteHandle {
  title?: string;
  /**
   * The page fills the window under the header and has no footer (the map: docs/map.md "The screen"), so
   * dragging the map never scrolls the page.
   */
  fullBleed?: boolean;
}

export const RouteMatchesContext = createContext<RouteMatch[]>([]);

export function useRouteMatches(): RouteMatch[] {
  return useContext(RouteMatchesContext);
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'title' in value;
}

/** Whether the current route fills the window (RouteHandle.fullBleed). */
export function isFullBleed(matches: readonly RouteMatch[]): boolean {
  const handle = matches.at(-1)?.route.handle;
  return isRouteHandle(handle) && handle.fullBleed === true;
}
