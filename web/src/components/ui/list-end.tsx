/**
 * The end of a list that goes on beyond what the device holds (web/src/sync/README.md C17): offline it says
 * where the offline list ends ("Older finds need a connection") instead of pretending there is nothing
 * more; online it reads the next page when the end scrolls into view, with a button for keyboards and
 * browsers without IntersectionObserver, and a way to try again when a page could not be read.
 */
import { CloudOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';

/** Structurally the sync layer's ListEnd (components do not import the sync layer). */
export type ListEndState =
  | { kind: 'complete' }
  | { kind: 'offline' }
  | { kind: 'more'; status: 'idle' | 'loading' | 'error'; loadMore(): void };

export interface ListEndTexts {
  /** 'Older finds need a connection'. */
  offline: string;
  /** The button: 'Show older finds'. */
  more: string;
  /** While a page is read: 'Loading older finds…'. */
  loading: string;
  /** A page could not be read: 'Could not load older finds.'. */
  failed: string;
}

/** True while the element is in (or near) the viewport; false where IntersectionObserver is missing. */
function useInView(): [(el: HTMLElement | null) => void, boolean] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [inView, setInView] = useState(false);
  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setInView(entries.some((e) => e.isIntersecting)), {
      rootMargin: '400px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, element !== null && inView];
}

export function ListEnd({ end, texts }: { end: ListEndState; texts: ListEndTexts }) {
  const [sentinel, inView] = useInView();
  const more = end.kind === 'more' ? end : null;
  // Reading on while the end stays in view; a failed page waits for the member's "Try again".
  const status = more?.status;
  const load = more?.loadMore;
  useEffect(() => {
    if (inView && status === 'idle') load?.();
  }, [inView, status, load]);

  if (end.kind === 'complete') return null;
  if (end.kind === 'offline')
    return (
      <p
        role="status"
        className="mt-6 flex items-center justify-center gap-2 rounded-xl border border-dashed border-stone-300 px-4 py-6 text-center text-stone-600 dark:border-stone-700 dark:text-stone-400"
      >
        <CloudOff className="size-4 shrink-0" aria-hidden="true" /> {texts.offline}
      </p>
    );
  return (
    <div ref={sentinel} className="mt-6 flex flex-col items-center gap-2 py-2">
      {end.status === 'loading' ? (
        <span className="flex items-center gap-2 text-stone-600 dark:text-stone-400">
          <Spinner label="" size="sm" /> <span role="status">{texts.loading}</span>
        </span>
      ) : end.status === 'error' ? (
        <>
          <span role="alert" className="text-sm text-red-800 dark:text-red-300">
            {texts.failed}
          </span>
          <Button variant="outline" onClick={end.loadMore}>
            Try again
          </Button>
        </>
      ) : (
        <Button variant="outline" onClick={end.loadMore}>
          {texts.more}
        </Button>
      )}
    </div>
  );
}
