/**
 * How many records each table holds on this device (live: follows every sync and eviction). The tables
 * and their names are known before anything is read, so the table keeps one size from the first render
 * on — only the numbers fill in as the device counts and syncs — and nothing under it moves.
 */
import { Skeleton } from '@web/components/ui/skeleton';
import { STORED_TABLES, type Live, type TableCount } from '@web/sync';
import { formatCount } from '@web/lib/numbers';

export function StoredRecords({ counts }: { counts: Live<TableCount[]> }) {
  if (counts.state === 'error')
    return <p role="alert">Could not read the records on this device. Please try again later.</p>;
  const loaded = counts.state === 'ready' ? counts.value : null;
  const rowsOf = new Map(loaded?.map((t) => [t.table, t.rows]));
  const total = loaded?.reduce((sum, t) => sum + t.rows, 0) ?? 0;
  return (
    <div className="flex flex-col gap-2" aria-busy={loaded ? undefined : true}>
      <p className="min-h-6 text-stone-600 dark:text-stone-400">
        {loaded === null
          ? null
          : total === 0
            ? 'Nothing is stored on this device yet.'
            : `${formatCount(total)} ${total === 1 ? 'record' : 'records'} on this device.`}
      </p>
      <table className="w-full max-w-md text-left text-sm">
        <caption className="sr-only">Records stored on this device</caption>
        <thead>
          <tr className="border-b border-stone-200 dark:border-stone-700">
            <th scope="col" className="py-2 font-medium">
              What
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Records
            </th>
          </tr>
        </thead>
        <tbody>
          {STORED_TABLES.map((t) => {
            const rows = rowsOf.get(t.table);
            return (
              <tr key={t.table} className="border-b border-stone-100 dark:border-stone-800">
                <th scope="row" className="py-1.5 font-normal">
                  {t.label}
                </th>
                <td className="py-1.5 text-right tabular-nums">
                  {rows === undefined ? <Skeleton className="ml-auto h-5 w-8" /> : formatCount(rows)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
