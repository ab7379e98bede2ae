/**
 * The sync panel: status, "Sync now", the way to Settings → Storage (what the device keeps, C16), and the
 * Not synced list (docs/sync.md "Rejections") — each change the server refused, with its message and Edit
 * (go to the record and fix it: the fix goes back in the queue), Retry, and Discard (with confirmation:
 * the record returns to the server's version).
 */
import {
  AlertTriangle,
  Database,
  HardDrive,
  KeyRound,
  Pencil,
  RefreshCw,
  RotateCcw,
  Trash2,
} from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import type { OutboxMutation } from '@web/db/database';
import { useUiStore } from '@web/lib/ui-store';
import {
  describeMutation,
  discardChange,
  retryChange,
  syncNow,
  useOnlineStatus,
  useOutboxSummary,
  useRejectedMutations,
  useSyncStatus,
} from '@web/sync';

export function SyncPanel({ summary }: { summary: string }) {
  const open = useSyncStatus((s) => s.panelOpen);
  const setOpen = useSyncStatus((s) => s.setPanelOpen);
  const phase = useSyncStatus((s) => s.phase);
  const lastError = useSyncStatus((s) => s.lastError);
  const storageError = useSyncStatus((s) => s.storageError);
  const setStorageError = useSyncStatus((s) => s.setStorageError);
  const online = useOnlineStatus();
  const { otherMembers } = useOutboxSummary();
  const rejected = useRejectedMutations();
  const openAuthDialog = useUiStore((s) => s.openAuthDialog);
  const navigate = useNavigate();

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Sync</DialogTitle>
          <DialogDescription>{summary}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-4">
          {storageError ? (
            <Notice icon={HardDrive} tone="red">
              {storageError}
              <Button variant="link" size="sm" onClick={() => setStorageError(null)}>
                Dismiss
              </Button>
            </Notice>
          ) : null}
          {phase === 'paused' ? (
            <Notice icon={KeyRound} tone="amber">
              Your session has ended. Sign in to sync — nothing you saved on this device is lost.
              <Button
                size="sm"
                onClick={() => {
                  setOpen(false);
                  openAuthDialog('signIn');
                }}
              >
                Sign in to sync
              </Button>
            </Notice>
          ) : phase === 'retrying' && lastError ? (
            <Notice icon={AlertTriangle} tone="amber">
              Could not reach the server ({lastError}). Trying again automatically.
            </Notice>
          ) : null}
          {otherMembers > 0 ? (
            <Notice icon={KeyRound} tone="amber">
              {otherMembers === 1 ? '1 change' : `${otherMembers} changes`} by another member are kept on this
              device and sync when they sign in.
            </Notice>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={syncNow} disabled={!online || phase === 'syncing'}>
              <RefreshCw aria-hidden="true" /> {phase === 'syncing' ? 'Syncing…' : 'Sync now'}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setOpen(false);
                void navigate('/settings/storage');
              }}
            >
              <Database aria-hidden="true" /> Storage on this device
            </Button>
          </div>
          <section aria-labelledby="not-synced-title" className="flex flex-col gap-2">
            <h3 id="not-synced-title" className="font-semibold">
              Not synced ({rejected.length})
            </h3>
            {rejected.length === 0 ? (
              <p className="text-sm text-stone-600 dark:text-stone-400">Nothing was refused by the server.</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {rejected.map((m) => (
                  <RejectedItem key={m.mutationId} mutation={m} onNavigate={() => setOpen(false)} />
                ))}
              </ul>
            )}
          </section>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Notice({
  icon: Icon,
  tone,
  children,
}: {
  icon: typeof AlertTriangle;
  tone: 'red' | 'amber';
  children: React.ReactNode;
}) {
  const colours =
    tone === 'red'
      ? 'bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100'
      : 'bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100';
  return (
    <div role="status" className={`flex flex-wrap items-center gap-2 rounded-lg p-3 text-sm ${colours}`}>
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {children}
    </div>
  );
}

function RejectedItem({ mutation, onNavigate }: { mutation: OutboxMutation; onNavigate: () => void }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const { label, editHref } = describeMutation(mutation);

  async function act(action: () => Promise<void>, failure: string) {
    try {
      await action();
    } catch {
      toast({ title: 'Error', description: failure, variant: 'destructive' });
    }
  }

  return (
    <li className="flex flex-col gap-2 rounded-lg border border-red-200 p-3 dark:border-red-900">
      <span className="font-medium break-words">{label}</span>
      <span className="text-sm text-red-800 dark:text-red-300">
        {mutation.lastError?.message ?? 'Refused by the server.'}
      </span>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm">Discard this change for good?</span>
          <Button
            size="sm"
            variant="destructive"
            onClick={() =>
              void act(
                () => discardChange(mutation.mutationId),
                'Could not discard the change. Please try again.',
              )
            }
          >
            Discard
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {editHref ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                onNavigate();
                void navigate(editHref);
              }}
            >
              <Pencil aria-hidden="true" /> Edit
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              void act(
                () => retryChange(mutation.mutationId),
                'Could not retry the change. Please try again.',
              )
            }
          >
            <RotateCcw aria-hidden="true" /> Retry
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700 dark:text-red-400"
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden="true" /> Discard
          </Button>
        </div>
      )}
    </li>
  );
}
