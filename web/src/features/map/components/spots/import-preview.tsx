/**
 * The import's preview (docs/map.md "Importing KML, KMZ, KMI and GPX"): every spot found, with a checkbox
 * — spots already saved (same name within 25 m) start unchecked — and what could not be read, and why. A
 * name the import made up (the file had none, or one shorter than a spot's) is a field the member can
 * change before importing, checked by the spot form's rule.
 */
import {
  LOCATION_NAME_MAX,
  LOCATION_NAME_MIN,
  locationMessages as m,
} from '@schema/contracts/locations-constants';
import type { ImportFailure, ImportItem } from '../../model/import/parse';
import { SpotPosition } from './spot-position';
import { formatCount } from '@web/lib/numbers';

/** The spot form's name rule (docs/product/map.md "Rules and messages"), or null when the name is fine. */
export function nameProblem(name: string): string | null {
  const length = name.trim().length;
  if (length < LOCATION_NAME_MIN) return m.nameTooShort;
  if (length > LOCATION_NAME_MAX) return m.nameTooLong;
  return null;
}

export interface PreviewRow {
  item: ImportItem;
  duplicate: boolean;
}

export interface ImportPreviewProps {
  rows: PreviewRow[];
  chosen: ReadonlySet<number>;
  onToggle: (index: number, on: boolean) => void;
  onAll: (on: boolean) => void;
  /** A made-up name changed by the member. */
  onRename: (index: number, name: string) => void;
  failures: ImportFailure[];
  ignored: number;
}

export function ImportPreview({
  rows,
  chosen,
  onToggle,
  onAll,
  onRename,
  failures,
  ignored,
}: ImportPreviewProps) {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p>
          {formatCount(rows.length)} spot{rows.length === 1 ? '' : 's'} found, {formatCount(chosen.size)}{' '}
          chosen. Imported spots are private.
        </p>
        <div className="flex gap-2">
          <button type="button" className="underline" onClick={() => onAll(true)}>
            Select all
          </button>
          <button type="button" className="underline" onClick={() => onAll(false)}>
            Select none
          </button>
        </div>
      </div>
      <ul
        aria-label="Spots in the file"
        className="max-h-72 divide-y divide-stone-200 overflow-y-auto rounded-lg border border-stone-200 dark:divide-stone-700 dark:border-stone-700"
      >
        {rows.map(({ item, duplicate }, index) => (
          <li key={index} className="p-2">
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                className="mt-1 size-4 accent-amber-700"
                checked={chosen.has(index)}
                onChange={(e) => onToggle(index, e.target.checked)}
              />
              <span className="flex flex-col">
                {item.nameGenerated ? (
                  <span className="text-xs text-stone-600 dark:text-stone-400">
                    No name in the file: named for you
                  </span>
                ) : (
                  <span className="font-medium">{item.name}</span>
                )}
                {item.folder ? (
                  <span className="text-xs text-stone-600 dark:text-stone-400">{item.folder}</span>
                ) : null}
                {duplicate ? (
                  <span className="text-xs text-amber-800 dark:text-amber-300">Already saved</span>
                ) : null}
                <SpotPosition spot={item} />
              </span>
            </label>
            {item.nameGenerated ? <GeneratedName index={index} name={item.name} onRename={onRename} /> : null}
          </li>
        ))}
      </ul>
      {failures.length > 0 ? (
        <details className="text-sm">
          <summary>{failures.length} could not be read and will be counted as failed</summary>
          <ul className="list-disc pl-5">
            {failures.slice(0, 50).map((f, i) => (
              <li key={i}>
                {f.name ?? 'Unnamed'}: {f.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {ignored > 0 ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">
          {ignored} track{ignored === 1 ? '' : 's'}, route{ignored === 1 ? '' : 's'} or area
          {ignored === 1 ? '' : 's'} left out: only points become spots.
        </p>
      ) : null}
    </div>
  );
}

function GeneratedName({
  index,
  name,
  onRename,
}: {
  index: number;
  name: string;
  onRename: (index: number, name: string) => void;
}) {
  const problem = nameProblem(name);
  const id = `import-name-${index}`;
  return (
    <div className="mt-1 flex flex-col gap-1 pl-6">
      <label htmlFor={id} className="sr-only">
        Name of spot {index + 1}
      </label>
      <input
        id={id}
        value={name}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        className="rounded border border-stone-300 px-2 py-1 text-sm dark:border-stone-600 dark:bg-stone-900"
        onChange={(e) => onRename(index, e.target.value)}
      />
      {problem ? (
        <span id={`${id}-problem`} className="text-xs text-red-700 dark:text-red-400">
          {problem}
        </span>
      ) : null}
    </div>
  );
}
