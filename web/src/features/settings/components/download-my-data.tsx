/**
 * "Download my data" (docs/export.md): the server makes the ZIP, this asks for it and, once its answer
 * starts, hands the URL to the browser's download manager — which saves it to disk and resumes it after
 * a dropped connection. A second download within a day reuses the same file unless a new one is asked for.
 */
import { Download, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { formatBytes } from '../model/format';
import { EXPORT_URL, prepareExport, yourDataTexts as t, type PreparedExport } from '../model/your-data';
import { dayTimeText } from '@web/lib/dates';

type State =
  | { phase: 'idle' }
  | { phase: 'preparing' }
  | { phase: 'ready'; prepared: PreparedExport; fresh: boolean }
  | { phase: 'error'; message: string };

/** '27 Nov 2026, 13:28', as the app writes every time (web/src/lib/dates.ts), whatever the browser's locale. */
const timeOf = (date: Date | null) => (date ? dayTimeText(date) : 'just now');

export function DownloadMyData({ online }: { online: boolean }) {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const link = useRef<HTMLAnchorElement>(null);

  async function start(fresh: boolean) {
    setState({ phase: 'preparing' });
    try {
      setState({ phase: 'ready', prepared: await prepareExport(fresh), fresh });
    } catch (err) {
      setState({ phase: 'error', message: err instanceof Error ? err.message : t.failed });
    }
  }

  // The save starts by itself once the file is ready; the link stays for a second try.
  const ready = state.phase === 'ready' ? state.prepared : null;
  useEffect(() => {
    if (ready) link.current?.click();
  }, [ready]);

  return (
    <div className="flex flex-col gap-3">
      <p className="text-stone-700 dark:text-stone-300">{t.downloadExplanation}</p>
      <Button
        className="self-start"
        disabled={!online || state.phase === 'preparing'}
        onClick={() => void start(false)}
      >
        <Download aria-hidden="true" /> {t.downloadButton}
      </Button>
      <div aria-live="polite" className="flex flex-col gap-2">
        {state.phase === 'preparing' && (
          <p className="flex items-center gap-2 text-stone-700 dark:text-stone-300">
            <Spinner label="" className="size-4" /> {t.preparing}
          </p>
        )}
        {state.phase === 'error' && (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {state.message}
          </p>
        )}
        {state.phase === 'ready' && (
          <>
            <p>
              {t.ready(
                state.prepared.size === null ? 'size unknown' : formatBytes(state.prepared.size),
                timeOf(state.prepared.madeAt),
              )}
            </p>
            <div className="flex flex-wrap gap-2">
              <a
                ref={link}
                href={EXPORT_URL}
                download={state.prepared.filename}
                className={buttonClasses('outline')}
              >
                {t.saveAgain}
              </a>
              {!state.fresh && (
                <Button variant="outline" disabled={!online} onClick={() => void start(true)}>
                  <RefreshCw aria-hidden="true" /> {t.makeNew}
                </Button>
              )}
            </div>
            {!state.fresh && <p className="text-sm text-stone-600 dark:text-stone-400">{t.reused}</p>}
          </>
        )}
      </div>
    </div>
  );
}
