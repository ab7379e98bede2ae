/**
 * "Import from a DigQuest export" (docs/export.md): finds, photos, spots and permission records from an
 * export ZIP become the member's own here. The server makes each imported record's id from the member and
 * the original id, so a second import of the same file adds nothing. What it added reaches this device at
 * the sync that follows.
 */
import { Upload } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { IMPORT_MAX_BYTES, myDataMessages } from '@schema/contracts/my-data';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { syncNow } from '@web/sync';
import {
  describeImport,
  importExport,
  looksLikeZip,
  yourDataTexts as t,
  type ImportSummary,
} from '../model/your-data';

type State =
  | { phase: 'idle' }
  | { phase: 'importing' }
  | { phase: 'done'; summary: ImportSummary }
  | { phase: 'error'; message: string };

export function ImportExport({ online }: { online: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ phase: 'idle' });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setState({ phase: 'error', message: t.noFile });
    if (file.size > IMPORT_MAX_BYTES)
      return setState({ phase: 'error', message: myDataMessages.importTooLarge });
    if (!(await looksLikeZip(file))) return setState({ phase: 'error', message: t.notZip });
    setState({ phase: 'importing' });
    try {
      const summary = await importExport(file);
      setState({ phase: 'done', summary });
      // The imported records come to this device like any other change of the member's.
      syncNow();
    } catch (err) {
      // The chosen file stays chosen: a retry is one tap.
      setState({ phase: 'error', message: err instanceof Error ? err.message : t.failed });
    }
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className="text-stone-700 dark:text-stone-300">{t.importExplanation}</p>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t.chooseFile}
        <input
          type="file"
          accept=".zip,application/zip"
          className="block w-full text-sm font-normal file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-4 file:font-medium file:text-stone-900 hover:file:bg-stone-100 dark:file:border-stone-600 dark:file:bg-stone-900 dark:file:text-stone-100"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setState({ phase: 'idle' });
          }}
        />
      </label>
      <Button
        type="submit"
        variant="outline"
        className="self-start"
        disabled={!online || state.phase === 'importing'}
      >
        <Upload aria-hidden="true" /> {t.importButton}
      </Button>
      <div aria-live="polite">
        {state.phase === 'importing' && (
          <p className="flex items-center gap-2 text-stone-700 dark:text-stone-300">
            <Spinner label="" className="size-4" /> {t.importing}
          </p>
        )}
        {state.phase === 'error' && (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {state.message}
          </p>
        )}
        {state.phase === 'done' && (
          <div className="flex flex-col gap-1">
            <p>{describeImport(state.summary)}</p>
            {state.summary.problems.length > 0 && (
              <ul className="list-disc pl-5 text-sm text-stone-600 dark:text-stone-400">
                {state.summary.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </form>
  );
}
