/**
 * The static shell of index.html (docs/architecture.md "First paint"): a header, on `/` the hero, and on a
 * content page's first visit the server's first look of that page (its heading and first records), painted
 * before the app's code arrives while the app's root stays hidden (public/boot.js, index.css).
 *
 * Without a first look the shell ends in the same frame as the first page's render, so the layout's loading
 * placeholder is never seen over it. With one, the page renders unseen under it and ends it once it shows
 * its own records (`useEndBootPreview`): the visitor goes from the server's cards to the app's, never
 * through skeletons. If the page never says so (it failed, or it went elsewhere), the shell ends anyway
 * after PREVIEW_LIMIT_MS.
 *
 * A layout shell (the page's frame with no records, e.g. /map's outline) ends with the first page, but only
 * once the browser has drawn a frame with it: Chrome settles the largest-paint candidate in the frame after
 * a paint, and drops candidates whose element is gone by then, so a shell removed in the same busy stretch
 * as the app's start would never count, and the page's largest paint would be the app's copy of it.
 */
import { useLayoutEffect } from 'react';

export const PREVIEW_LIMIT_MS = 8000;

export function endBootShell(): void {
  document.getElementById('boot-shell')?.remove();
  document.documentElement.removeAttribute('data-booting');
  document.documentElement.removeAttribute('data-boot-home');
}

/** True while the shell holds a layout shell: no records, no `data-path` (first-visit/markup.ts wrapShell). */
function layoutShellShows(): boolean {
  return document.getElementById('boot-preview')?.dataset.shell === 'layout';
}

/** Runs `done` after the browser has drawn one whole frame from now; the returned function cancels it. */
function afterOneFrame(done: () => void): () => void {
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(done);
  });
  return () => cancelAnimationFrame(frame);
}

/** True while the shell shows the server's first look of the page at `pathname`. */
export function bootPreviewShows(pathname: string): boolean {
  return document.getElementById('boot-preview')?.dataset.path === pathname;
}

/**
 * The first page has rendered: the shell ends now (a layout shell a frame later), unless it holds this
 * page's first look, which then waits for the page (`useEndBootPreview`) for at most PREVIEW_LIMIT_MS.
 */
export function firstPageRendered(pathname: string): () => void {
  // Its root is laid out unseen under the shell (index.css), so waiting a frame shows nothing new.
  if (layoutShellShows()) return afterOneFrame(endBootShell);
  if (!bootPreviewShows(pathname)) {
    endBootShell();
    return () => undefined;
  }
  const timer = setTimeout(endBootShell, PREVIEW_LIMIT_MS);
  return () => clearTimeout(timer);
}

/**
 * A page with a first look calls this with true once it shows its records (or its empty or error state):
 * it takes over from the shell before the browser paints. Does nothing once the shell has gone.
 */
export function useEndBootPreview(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) endBootShell();
  }, [ready]);
}
