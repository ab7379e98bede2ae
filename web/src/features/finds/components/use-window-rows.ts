/**
 * Window-scrolled row virtualisation for a grid of equal-height cards: only the rows near the viewport
 * are rendered (plus `overscan` rows each side), so 10,000 finds cost the same DOM as 30. Columns follow
 * the container width at Tailwind's sm/lg/xl breakpoints; the row height is measured from a rendered card.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';

export interface WindowRows {
  columns: number;
  start: number;
  end: number;
  rowHeight: number;
  /** Ref callback for one rendered card: its height (plus the gap) becomes the row height. */
  measure: (el: HTMLElement | null) => (() => void) | undefined;
}

function columnsFor(width: number): number {
  if (width >= 1216) return 4;
  if (width >= 976) return 3;
  if (width >= 592) return 2;
  return 1;
}

export function useWindowRows(
  container: RefObject<HTMLElement | null>,
  itemCount: number,
  gap: number,
  estimate = 400,
  overscan = 2,
): WindowRows {
  const [columns, setColumns] = useState(1);
  const [cardHeight, setCardHeight] = useState(estimate);
  const [range, setRange] = useState({ start: 0, end: 6 });
  const rowHeight = cardHeight + gap;
  const rowCount = Math.ceil(itemCount / columns);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    // ResizeObserver also reports once right after observe(): that sets the first column count.
    const observer = new ResizeObserver(() => setColumns(columnsFor(el.clientWidth)));
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

  return { columns, start: range.start, end: range.end, rowHeight, measure };
}
