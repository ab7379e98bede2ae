/**
 * Parts of the frame that the first look does not need — the footer below the fold, the desktop nav row on
 * a phone — render one task after the app's first render (docs/architecture.md "First paint"). The build's
 * Preact renders a whole tree in one task, and on a mid-range phone the first render of the frame and the
 * page was one of the longest tasks of a visit; split, neither part blocks a tap for as long. Once the first
 * render is done, everything renders at once: a later page never waits.
 */
import { useEffect, useState, type ReactNode } from 'react';

let firstRenderDone = false;

/** False in the app's first render, true from the next task on (and at once after that). */
export function useRenderLater(): boolean {
  const [ready, setReady] = useState(firstRenderDone);
  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => {
      firstRenderDone = true;
      setReady(true);
    });
    return () => clearTimeout(timer);
  }, [ready]);
  return ready;
}

/** Renders `children` from the task after the first render on; `fallback` (e.g. a box of their size) until then. */
export function RenderLater({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useRenderLater() ? children : fallback;
}
