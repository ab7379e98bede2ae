/**
 * A detail page opening a record (C15): the record is pinned — or, when the device does not hold it (a
 * shared link beyond the window), read from the server first — and the page learns how that went.
 */
import { useEffect, useState } from 'react';
import type { SyncEntity } from '@schema/contracts/sync-constants';
import { openRecord } from './app-engine';
import { useInitialSync } from './hooks';
import type { Live } from './live';

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

/**
 * What a detail page shows for its record: 'found' once the device holds it; 'waiting' while it is still
 * being looked for (the device is read, the record is opened from the server, or the device's first pull
 * is under way and may bring it); 'missing' otherwise, when the page says there is no such record —
 * `unreachable` when that may only be because the server could not be asked. The find, post, story and
 * event pages share this, so they agree on when "not found" may be said.
 */
export type DetailRecord<T> =
  { state: 'found'; value: T } | { state: 'waiting' } | { state: 'missing'; unreachable: boolean };

export function useDetailRecord<T>(
  entity: SyncEntity,
  ref: string,
  lookup: Live<T | undefined>,
): DetailRecord<T> {
  const initial = useInitialSync();
  const opening = useOpenRecord(entity, ref);
  if (lookup.state === 'ready' && lookup.value) return { state: 'found', value: lookup.value };
  if (
    lookup.state === 'loading' ||
    opening === 'opening' ||
    (lookup.state === 'ready' && initial === 'loading' && opening !== 'missing')
  )
    return { state: 'waiting' };
  return { state: 'missing', unreachable: opening === 'unreachable' || initial === 'error' };
}
