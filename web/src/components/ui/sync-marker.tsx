import { AlertTriangle, CloudUpload } from 'lucide-react';
import { Badge } from './badge';

/** A record's sync state on this device: queued, or refused by the server (details in the sync panel). */
export type SyncMarkerState = 'waiting' | 'rejected';

/** "Waiting to sync" (queued on this device) or "Not synced" (the server refused it: see the sync panel). */
export function SyncMarker({ state, className }: { state: SyncMarkerState | undefined; className?: string }) {
  if (!state) return null;
  return state === 'waiting' ? (
    <Badge
      variant="outline"
      className={`border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200 ${className ?? ''}`}
    >
      <CloudUpload className="size-3.5" aria-hidden="true" /> Waiting to sync
    </Badge>
  ) : (
    <Badge
      variant="outline"
      className={`border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200 ${className ?? ''}`}
    >
      <AlertTriangle className="size-3.5" aria-hidden="true" /> Not synced
    </Badge>
  );
}
