/**
 * The gallery grid: every matching uid is known (cheap), but only the rows near the viewport are
 * rendered and only their rows are read from IndexedDB. A row not read yet shows a skeleton card. Two
 * columns on phones (use-window-rows.ts); the first row's photos load at once (image-priority.ts).
 */
import { useRef, useState } from 'react';
import { Skeleton } from '@web/components/ui/skeleton';
import type { LocalFind } from '@web/db/database';
import { useEndBootPreview } from '@web/lib/boot-shell';
import { useFindsByUid } from '../hooks/use-finds';
import { ImagePriorityContext, imagePriority } from './image-priority';
import { useWindowRows } from './use-window-rows';

/** Rows are read from IndexedDB in aligned blocks (plus one each side), so scrolling re-queries rarely. */
const BLOCK_ROWS = 6;
const GRID_COLUMNS = ['grid-cols-1', 'grid-cols-2', 'grid-cols-3', 'grid-cols-4'];
/** Tailwind classes for the gaps use-window-rows.ts counts with (12 px on phones, 24 px from sm). */
const GRID_GAP: Record<number, string> = { 12: 'gap-3', 24: 'gap-6' };

/** The gallery's loading grid: the same columns and gaps as the real one, so nothing moves when it fills. */
export const SKELETON_GRID_CLASSES = 'grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4';

/** The same boxes as FindCard (photo 4:3, title, location, actions row), so swapping them shifts nothing. */
export function CardSkeleton() {
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 dark:border-stone-700">
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="flex flex-col gap-1 p-2.5 sm:p-3">
        <Skeleton className="my-0.5 h-5 w-3/4 sm:h-6" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="mt-2 h-9 w-24" />
      </div>
    </div>
  );
}

export interface FindsGridProps {
  uids: readonly string[];
  renderCard: (find: LocalFind) => React.ReactNode;
}

export function FindsGrid({ uids, renderCard }: FindsGridProps) {
  const container = useRef<HTMLDivElement>(null);
  const { columns, gap, start, end, rowHeight, measure } = useWindowRows(container, uids.length);
  const visible = uids.slice(start * columns, end * columns);
  const block = columns * BLOCK_ROWS;
  const from = Math.max(0, Math.floor((start * columns) / block) * block - block);
  const to = Math.min(uids.length, Math.ceil((end * columns) / block) * block + block);
  const fetched = useFindsByUid(uids.slice(from, to));
  // While the next block is read, keep showing the last one (its cards stay instead of flashing skeletons).
  const [shown, setShown] = useState(fetched);
  if (fetched && fetched !== shown) setShown(fetched);
  const rows = fetched ?? shown;
  // The server's first look of the gallery (if any) gives way once these cards are shown.
  useEndBootPreview(rows !== undefined);
  const rowCount = Math.ceil(uids.length / columns);

  return (
    <div ref={container} className="relative" style={{ height: Math.max(0, rowCount * rowHeight - gap) }}>
      <ul
        aria-label="Finds"
        className={`absolute inset-x-0 top-0 grid ${GRID_GAP[gap] ?? 'gap-6'} ${GRID_COLUMNS[columns - 1] ?? 'grid-cols-1'}`}
        style={{ transform: `translateY(${start * rowHeight}px)` }}
      >
        {visible.map((uid, i) => {
          const find = rows?.get(uid);
          const index = start * columns + i;
          return (
            // Containment: a card mounting while scrolling does not re-lay out or repaint its neighbours.
            <li
              key={uid}
              ref={i === 0 ? measure : undefined}
              className="[contain:layout_paint_style]"
              aria-setsize={uids.length}
              aria-posinset={index + 1}
            >
              <ImagePriorityContext.Provider value={imagePriority(index, columns)}>
                {find ? renderCard(find) : <CardSkeleton />}
              </ImagePriorityContext.Provider>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
