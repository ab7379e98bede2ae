/**
 * A page that knows better than its route what it shows (a find's name, a post's title) says so here; the
 * app shell turns it into the document title and the meta description (web/src/app/layout/route-effects.tsx),
 * so history entries, bookmarks and shared links name the record instead of "Find".
 */
import { useEffect } from 'react';
import { create } from 'zustand';

export interface PageMeta {
  title: string;
  description?: string;
}

export const usePageMetaStore = create<{ meta: PageMeta | null }>(() => ({ meta: null }));

/** Sets the page's title and description while the calling component is mounted; null leaves the route's. */
export function usePageMeta(meta: PageMeta | null): void {
  const title = meta?.title;
  const description = meta?.description;
  useEffect(() => {
    if (title === undefined) return;
    const mine: PageMeta = { title, description };
    usePageMetaStore.setState({ meta: mine });
    return () => {
      if (usePageMetaStore.getState().meta === mine) usePageMetaStore.setState({ meta: null });
    };
  }, [title, description]);
}

/** The same as a component, for a page state that is not a component of its own ('Find Not Found'). */
export function PageTitle(meta: PageMeta): null {
  usePageMeta(meta);
  return null;
}

export const META_DESCRIPTION_MAX = 150;

/** A text's first ~150 characters on one line, cut at a word boundary, with "…" when it was longer. */
export function metaDescription(text: string | null | undefined, max = META_DESCRIPTION_MAX): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}
