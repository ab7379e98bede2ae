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
 *
 * The home shell's hero is the same: its photo is the page's largest paint. A fast start (the app's code
 * cached, or Preact rendering in the same task it starts) can render the first page before the browser
 * has painted the shell at all; the largest paint is then the app's hero, timed after all of the app's code.
 * So on `/` the shell ends once its photo has loaded and been drawn, at most HERO_LIMIT_MS after the first
 * page; the page under it is the same hero, so the member sees no change.
 */
import { useLayoutEffect } from 'react';

export const PREVIEW_LIMIT_MS = 8000;
/** How long the home shell may wait, after the first page, for its photo to be drawn. */
export const HERO_LIMIT_MS = 1000;

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

/** The photo the home shell's hero shows, as public/boot.js asked for it ahead of the app's code. */
function heroPhoto(): string | undefined {
  if (!document.documentElement.hasAttribute('data-boot-home')) return undefined;
  return document.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')?.href;
}

/**
 * Runs `done` once `photo` has loaded (or failed) and a frame has been drawn since, or after the limit,
 * whichever is first; the returned function cancels it.
 */
function afterPhotoDrawn(photo: string, done: () => void): () => void {
  let cancelFrame: (() => void) | undefined;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    cancelFrame?.();
    done();
  };
  const timer = setTimeout(finish, HERO_LIMIT_MS);
  const image = new Image();
  // From the memory cache when the preload has it. A photo that cannot load (offline, first visit) leaves
  // the brand gradient: nothing more to wait for.
  image.onload = image.onerror = () => {
    if (!finished) cancelFrame = afterOneFrame(finish);
  };
  image.src = photo;
  return () => {
    finished = true;
    clearTimeout(timer);
    cancelFrame?.();
  };
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
  const photo = heroPhoto();
  if (photo) return afterPhotoDrawn(photo, endBootShell);
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
