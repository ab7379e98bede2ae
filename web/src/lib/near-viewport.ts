/**
 * Below-the-fold sections that load their code only as they come near the screen (the home page's map and
 * wellbeing sections): a visit that never scrolls down never downloads them (docs/architecture.md
 * "First paint").
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

/** Start loading a little before the section is on screen. */
const LOAD_MARGIN = '200px';

/**
 * A ref for the section's box and whether it has come within LOAD_MARGIN of the viewport (true for good once
 * it has). Without IntersectionObserver (old browsers, jsdom) it is near at once: the section simply loads
 * with the page.
 */
export function useNearViewport<T extends Element>(): [RefObject<T | null>, boolean] {
  const holder = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = holder.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return [holder, near];
}
