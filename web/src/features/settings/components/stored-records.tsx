/** How many records each table holds on this device (live: follows every sync and eviction). */
import { Skeleton } from '@web/components/ui/skeleton';
import type { Live, TableCount } from '@web/sync';

export function StoredRecords({ counts }: { counts: Live<TableCount[]> }) {
  if (counts.state === 'loading')
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-5 w-1/2" />
        ))}
      </div>
    );
  if (counts.state === 'error')
    return <p role="alert">Could not read the records on this device. Please try again later.</p>;
  const total = counts.value.reduce((sum, t) => sum + t.rows, 0);
  if (total === 0)
    return <p className="text-stone-600 dark:text-stone-400">Nothing is stored on this device yet.</p>;
  return (
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
        {counts.value.map((t) => (
          <tr key={t.table} className="border-b border-stone-100 dark:border-stone-800">
            <th scope="row" className="py-1.5 font-normal">
              {t.label}
            </th>
            <td className="py-1.5 text-right tabular-nums">{t.rows.toLocaleString()}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
