/**
 * "Keep this category offline" (web/src/sync/README.md C15): the category's newest posts, up to
 * KEPT_LIST_LIMIT, stay on this device beyond the window and are refreshed now and then; Settings → Storage
 * lists what is kept. Offline, the choice is remembered and the posts download at the next sync.
 */
import { CloudDownload } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@web/components/ui/toast';
import type { LocalCategory } from '@web/db/database';
import { KEPT_LIST_LIMIT, keepListOffline, stopKeepingList, useKeptList } from '@web/sync';
import { formatCount } from '@web/lib/numbers';

export const keptCategoryKey = (category: Pick<LocalCategory, 'id'>) => `posts?category=${category.id}`;

export function KeepCategoryOffline({ category }: { category: LocalCategory }) {
  const id = useId();
  const key = keptCategoryKey(category);
  const kept = useKeptList(key);
  const [busy, setBusy] = useState(false);

  async function toggle(keep: boolean) {
    setBusy(true);
    try {
      if (keep)
        await keepListOffline({
          key,
          entity: 'posts',
          label: category.name,
          href: `/forum?category=${category.slug}`,
          query: new URLSearchParams({ category: String(category.id) }).toString(),
          limit: KEPT_LIST_LIMIT,
        });
      else await stopKeepingList(key);
    } catch {
      toast({
        title: 'Error',
        description: 'Could not change what is kept offline.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  const status = !kept
    ? null
    : kept.refreshedAt === null
      ? 'Downloads at the next sync.'
      : `${formatCount(kept.count)} ${kept.count === 1 ? 'post' : 'posts'} kept on this device.`;

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <label htmlFor={`${id}-keep`} className="flex min-h-11 cursor-pointer items-center gap-2">
        <input
          id={`${id}-keep`}
          type="checkbox"
          className="size-4 accent-lime-700"
          checked={Boolean(kept)}
          disabled={busy || kept === undefined}
          onChange={(e) => void toggle(e.target.checked)}
          aria-describedby={status ? `${id}-status` : undefined}
        />
        <CloudDownload className="size-4" aria-hidden="true" /> Keep this category offline
      </label>
      {status ? (
        <span id={`${id}-status`} className="text-stone-600 dark:text-stone-400">
          {status}
        </span>
      ) : null}
    </div>
  );
}
