/**
 * A detail page opening a record (C15): the record is pinned — or, when the device does not hold it (a
 * shared link beyond the window), read from the server first — and the page learns how that went.
 */
import { useEffect, useState } from 'react';
import type { SyncEntity } from '@schema/contracts/sync-constants';
import { openRecord } from './app-engine';

/**
 * 'opening': still looking (show a skeleton); 'open': held and pinned; 'missing': the server has no such
 * record; 'unreachable': not held and the server could not be asked (offline, or it failed).
 */
export type OpenStatus = 'opening' | 'open' | 'missing' | 'unreachable';

export function useOpenRecord(entity: SyncEntity, ref: string): OpenStatus {
  const [result, setResult] = useState<{ ref: string; status: OpenStatus } | null>(null);
  useEffect(() => {
    let cancelled = false;
    const settle = (status: OpenStatus) => {
      if (!cancelled) setResult({ ref, status });
    };
    openRecord(entity, ref).then(
      (uid) => settle(uid ? 'open' : navigator.onLine === false ? 'unreachable' : 'missing'),
      () => settle('unreachable'),
    );
    return () => {
      cancelled = true;
    };
  }, [entity, ref]);
  return result?.ref === ref ? result.status : 'opening';
}
