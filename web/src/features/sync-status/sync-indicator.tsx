/**
 * The header's sync indicator (docs/sync.md): whether the server answers (not just whether the browser
 * has a network), how many changes wait, when the device last synced — and a warning when something was
 * refused or sync is paused. It opens the panel.
 */
import {
  Cloud,
  CloudAlert,
  CloudCheck,
  CloudOff,
  CloudUpload,
  HardDrive,
  KeyRound,
  RefreshCw,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { toast } from '@web/components/ui/toast';
import { SimpleTooltip } from '@web/components/ui/tooltip';
import { timeAgo } from '@web/lib/dates';
import {
  connectionOf,
  selectServerReached,
  useLastSyncedAt,
  useOnlineStatus,
  useOutboxSummary,
  useSyncStatus,
  type Connection,
} from '@web/sync';
import { SyncPanel } from './sync-panel';

const CONNECTION_TEXT: Readonly<Record<Connection, string>> = {
  online: 'Online',
  offline: 'Offline',
  unreachable: 'Cannot reach DigQuest',
  connecting: 'Connecting…',
};

export function syncSummaryText(parts: {
  connection: Connection;
  waiting: number;
  rejected: number;
  paused: boolean;
  storageFull: boolean;
  lastSyncedAt: string | null;
}): string {
  const text = [CONNECTION_TEXT[parts.connection]];
  if (parts.storageFull) text.push('device storage full');
  if (parts.paused) text.push('sign in to sync');
  if (parts.waiting) text.push(`${parts.waiting} waiting to sync`);
  if (parts.rejected) text.push(`${parts.rejected} not synced`);
  text.push(parts.lastSyncedAt ? `last synced ${timeAgo(new Date(parts.lastSyncedAt))}` : 'not synced yet');
  return text.join(' · ');
}

/** Online only once the sync engine's last request reached the server (`navigator.onLine` alone lies). */
export function useConnection(): Connection {
  return connectionOf(useOnlineStatus(), useSyncStatus(selectServerReached));
}

export function SyncIndicator() {
  const connection = useConnection();
  const online = connection !== 'offline';
  const { waiting, rejected } = useOutboxSummary();
  const lastSyncedAt = useLastSyncedAt();
  const phase = useSyncStatus((s) => s.phase);
  const setPanelOpen = useSyncStatus((s) => s.setPanelOpen);
  const storageFull = useSyncStatus((s) => s.storageError !== null);
  const paused = phase === 'paused';
  const summary = syncSummaryText({ connection, waiting, rejected, paused, storageFull, lastSyncedAt });

  const Icon = storageFull
    ? HardDrive
    : connection === 'offline' || connection === 'unreachable'
      ? CloudOff
      : paused
        ? KeyRound
        : rejected
          ? CloudAlert
          : phase === 'syncing'
            ? RefreshCw
            : waiting
              ? CloudUpload
              : connection === 'connecting'
                ? Cloud
                : CloudCheck;
  const tone =
    rejected || paused || storageFull
      ? 'text-red-700 dark:text-red-400'
      : connection === 'offline' || connection === 'unreachable' || waiting
        ? 'text-amber-700 dark:text-amber-400'
        : connection === 'connecting'
          ? 'text-stone-600 dark:text-stone-300'
          : 'text-lime-800 dark:text-lime-400';
  const count = waiting + rejected;

  // A sync that ends with a newly refused change says so once; the panel holds the details.
  const seenRejected = useRef<number | null>(null);
  useEffect(() => {
    if (seenRejected.current !== null && rejected > seenRejected.current) {
      toast({
        title: 'Not synced',
        description: 'The server refused a change. Open the sync panel (cloud icon) to fix it.',
        variant: 'destructive',
      });
    }
    seenRejected.current = rejected;
  }, [rejected]);

  return (
    <>
      <SimpleTooltip content={summary}>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={`Sync status: ${summary}`}
          onClick={() => setPanelOpen(true)}
        >
          <Icon
            className={cn(
              'size-5!',
              tone,
              phase === 'syncing' && online && 'animate-spin motion-reduce:animate-none',
            )}
            aria-hidden="true"
          />
          {count > 0 ? (
            <span
              aria-hidden="true"
              className={cn(
                'absolute right-0.5 top-0.5 min-w-5 rounded-full px-1 text-center text-xs font-bold leading-5 text-white',
                rejected ? 'bg-red-700' : 'bg-amber-600',
              )}
            >
              {count > 99 ? '99+' : count}
            </span>
          ) : null}
        </Button>
      </SimpleTooltip>
      <SyncPanel summary={summary} />
    </>
  );
}
