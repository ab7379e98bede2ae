/** The lists kept offline ("Keep this category offline"), with a way to stop keeping each. */
import { CloudDownload } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toast';
import type { KeptListRow } from '@web/db/database';
import { stopKeepingList, type Live } from '@web/sync';
import { formatCount } from '@web/lib/numbers';
import { dayTimeText } from '@web/lib/dates';

export const NOTHING_KEPT_TEXT =
  'Nothing is kept offline yet. Open a forum category and choose “Keep this category offline”.';

function keptStatus(list: KeptListRow): string {
  if (list.refreshedAt === null) return 'Downloads at the next sync';
  return `${formatCount(list.count)} ${list.count === 1 ? 'record' : 'records'}, updated ${dayTimeText(new Date(list.refreshedAt))}`;
}

export function KeptOffline({ lists }: { lists: Live<KeptListRow[]> }) {
  if (lists.state === 'loading') return <Skeleton className="h-6 w-1/2" aria-busy="true" />;
  if (lists.state === 'error')
    return <p role="alert">Could not read what is kept offline. Please try again later.</p>;
  if (lists.value.length === 0)
    return <p className="text-stone-600 dark:text-stone-400">{NOTHING_KEPT_TEXT}</p>;

  async function stop(list: KeptListRow) {
    try {
      await stopKeepingList(list.key);
      toast({ title: 'No longer kept offline', description: list.label });
    } catch {
      toast({
        title: 'Error',
        description: 'Could not change what is kept offline.',
        variant: 'destructive',
      });
    }
  }

  return (
    <ul aria-label="Kept offline" className="flex flex-col gap-2">
      {lists.value.map((list) => (
        <li
          key={list.key}
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-stone-200 p-3 dark:border-stone-700"
        >
          <CloudDownload className="size-4 shrink-0" aria-hidden="true" />
          <Link to={list.href} className="font-medium underline-offset-2 hover:underline">
            {list.label}
          </Link>
          <span className="text-sm text-stone-600 dark:text-stone-400">{keptStatus(list)}</span>
          <Button size="sm" variant="ghost" className="ml-auto" onClick={() => void stop(list)}>
            Stop keeping offline
          </Button>
        </li>
      ))}
    </ul>
  );
}
