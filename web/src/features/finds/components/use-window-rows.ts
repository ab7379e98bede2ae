/**
 * Window-scrolled row virtualisation for a grid of equal-height cards: only the rows near the viewport
 * are rendered (plus `overscan` rows each side), so 10,000 finds cost the same DOM as 30. Columns and the
 * gap follow the container width (two columns on phones, up to four), rows are counted from the columns,
 * and the row height is measured from a rendered card.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';

export interface GridLayout {
  columns: number;
  /** The CSS gap between cards, in px: the row height includes it. */
  gap: number;
}

export interface WindowRows extends GridLayout {
  start: number;
  end: number;
  rowHeight: number;
  /** Ref callback for one rendered card: its height (plus the gap) becomes the row height. */
  measure: (el: HTMLElement | null) => (() => void) | undefined;
}

/**
 * The container's width at Tailwind's breakpoints (less the page padding): 4 columns from xl, 3 from lg, 2
 * below that — phones too, with a narrower gap, so a phone shows two finds side by side instead of one a
 * screen. Only a container narrower than two usable cards falls back to one column.
 */
export function gridLayoutFor(width: number): GridLayout {
  if (width >= 1216) return { columns: 4, gap: 24 };
  if (width >= 976) return { columns: 3, gap: 24 };
  if (width >= 592) return { columns: 2, gap: 24 };
  if (width >= 264) return { columns: 2, gap: 12 };
  return { columns: 1, gap: 12 };
}

export function useWindowRows(
  container: RefObject<HTMLElement | null>,
  itemCount: number,
  estimate = 400,
  overscan = 2,
): WindowRows {
  // Before the first measurement, a guess from the window (the page is at most 1280 px, padded 16 px).
  const [{ columns, gap }, setLayout] = useState<GridLayout>(() =>
    gridLayoutFor(typeof window === 'undefined' ? 360 : Math.min(window.innerWidth, 1280) - 32),
  );
  const [cardHeight, setCardHeight] = useState(estimate);
  const [range, setRange] = useState({ start: 0, end: 6 });
  const rowHeight = cardHeight + gap;
  const rowCount = Math.ceil(itemCount / columns);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    // ResizeObserver also reports once right after observe(): that sets the first layout.
    const observer = new ResizeObserver(() => {
      const next = gridLayoutFor(el.clientWidth);
      setLayout((prev) => (prev.columns === next.columns && prev.gap === next.gap ? prev : next));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [container]);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const top = el.getBoundingClientRect().top + window.scrollY;
      const first = Math.floor((window.scrollY - top) / rowHeight) - overscan;
      const last = Math.ceil((window.scrollY + window.innerHeight - top) / rowHeight) + overscan;
      const start = Math.max(0, Math.min(first, rowCount));
      const end = Math.max(start, Math.min(last, rowCount));
      setRange((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [container, rowHeight, rowCount, overscan]);

  const measure = useCallback((el: HTMLElement | null) => {
    if (!el) return undefined;
    const observer = new ResizeObserver(() => {
      const height = el.getBoundingClientRect().height;
      if (height > 0) setCardHeight((prev) => (Math.abs(prev - height) < 0.5 ? prev : height));
    });
    observer.observe(el);
    // React 19 runs a ref callback's returned cleanup when the element goes away.
    return () => observer.disconnect();
  }, []);

  return { columns, gap, start: range.start, end: range.end, rowHeight, measure };
}
