/**
 * One line in the layers panel saying whether the map works with no signal on this device
 * (services/offline-map.ts, docs/map.md "The map offline"). Nothing while it is not known.
 */
import { CloudCheck, CloudDownload, CloudOff } from 'lucide-react';
import { useOfflineMapState } from '../services/offline-map';

export const OFFLINE_MAP_MESSAGES = {
  saving: 'Saving the map for offline use…',
  ready: 'Map ready offline',
  failed: 'The map could not be saved for offline use; it will try again when online.',
} as const;

const ICONS = { saving: CloudDownload, ready: CloudCheck, failed: CloudOff } as const;

export function OfflineMapStatus() {
  const state = useOfflineMapState();
  const Icon = state === 'checking' ? null : ICONS[state];
  return (
    <p role="status" className="mb-2 flex items-center gap-1.5 text-xs text-stone-600 dark:text-stone-300">
      {Icon ? <Icon aria-hidden="true" className="size-4 shrink-0" /> : null}
      {state === 'checking' ? null : OFFLINE_MAP_MESSAGES[state]}
    </p>
  );
}
