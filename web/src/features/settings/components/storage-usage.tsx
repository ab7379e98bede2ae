/** How much this site stores, of what the browser allows, and whether the browser promised to keep it. */
import { HardDrive, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toast';
import type { StorageInfo } from '../hooks/use-storage-estimate';
import { formatBytes } from '../model/format';

export const PERSISTED_TEXT = 'Kept: the browser will not clear this data on its own.';
export const NOT_PERSISTED_TEXT =
  'Not kept for certain: the browser may clear this data when the device runs low on space.';

export function StorageUsage({
  info,
  askPersistence,
}: {
  info: StorageInfo;
  askPersistence(): Promise<boolean>;
}) {
  const [asking, setAsking] = useState(false);
  // While the browser answers, the same rows in the same sizes — the usage line, the meter and the line a
  // first visit gets (not kept, with its button), unseen — so the sections below do not move when it does.
  if (info.state === 'loading')
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <p className="flex items-center gap-2">
          <HardDrive className="size-4 shrink-0" aria-hidden="true" />
          <Skeleton className="h-6 w-2/3" />
        </p>
        <Skeleton className="h-2 w-full max-w-md rounded-full" />
        <p className="invisible flex flex-wrap items-center gap-2" aria-hidden="true">
          <ShieldCheck className="size-4 shrink-0" />
          {NOT_PERSISTED_TEXT}
          <Button size="sm" variant="outline" tabIndex={-1}>
            Keep data on this device
          </Button>
        </p>
      </div>
    );
  if (info.state === 'error')
    return <p role="alert">Could not read how much this device stores. Please try again later.</p>;

  async function ask() {
    setAsking(true);
    try {
      const granted = await askPersistence();
      toast(
        granted
          ? { title: 'Storage kept', description: PERSISTED_TEXT }
          : {
              title: 'Not granted',
              description: 'The browser decides; it often agrees once the app is installed.',
            },
      );
    } catch {
      toast({
        title: 'Error',
        description: 'Could not ask the browser. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setAsking(false);
    }
  }

  const { estimate, persisted } = info;
  const share = estimate && estimate.quota > 0 ? Math.min(1, estimate.usage / estimate.quota) : null;
  return (
    <div className="flex flex-col gap-3">
      <p className="flex items-center gap-2">
        <HardDrive className="size-4 shrink-0" aria-hidden="true" />
        {estimate
          ? `${formatBytes(estimate.usage)} used of ${formatBytes(estimate.quota)} available to this site`
          : 'This browser does not say how much space the site uses.'}
      </p>
      {share !== null ? (
        <div
          role="meter"
          aria-label="Storage used"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(share * 100)}
          className="h-2 w-full max-w-md overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700"
        >
          <div className="h-full bg-lime-700" style={{ width: `${Math.max(1, share * 100)}%` }} />
        </div>
      ) : null}
      <p className="flex flex-wrap items-center gap-2">
        <ShieldCheck className="size-4 shrink-0" aria-hidden="true" />
        {persisted === true
          ? PERSISTED_TEXT
          : persisted === false
            ? NOT_PERSISTED_TEXT
            : 'This browser does not say whether it keeps the data.'}
        {persisted === false ? (
          <Button size="sm" variant="outline" onClick={() => void ask()} disabled={asking}>
            {asking ? 'Asking…' : 'Keep data on this device'}
          </Button>
        ) : null}
      </p>
    </div>
  );
}
