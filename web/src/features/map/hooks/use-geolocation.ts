/**
 * The device's position for Find My Location, and on opening the map when the device already allows it
 * (docs/map.md "Where the map opens"): `positionGranted()` asks the Permissions API, which never prompts, so
 * a member is never asked for their position just for opening the map. A refusal toasts 'Location access
 * denied' and leaves the map where it is; the quiet attempt says nothing about other failures, the button
 * does.
 */
import { useCallback, useState } from 'react';
import { toast } from '@web/components/ui/toast-store';
import { MAP_MESSAGES } from '../model/constants';
import type { LatLng } from '@schema/contracts/grid/coordinates';

const TIMEOUT_MS = 15000;

/** Whether the position was allowed before; false when unknown (no Permissions API) or not yet asked. */
export async function positionGranted(): Promise<boolean> {
  try {
    const status = await navigator.permissions?.query({ name: 'geolocation' });
    return status?.state === 'granted';
  } catch {
    return false;
  }
}

export function useGeolocation() {
  const [locating, setLocating] = useState(false);
  const locate = useCallback((options: { quietOnFailure?: boolean } = {}): Promise<LatLng | null> => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      if (!options.quietOnFailure) toast({ title: MAP_MESSAGES.locationUnavailable, variant: 'destructive' });
      return Promise.resolve(null);
    }
    setLocating(true);
    return new Promise((resolve) => {
      navigator.geolocation.getCurrentPosition(
        (pos) => {
          setLocating(false);
          resolve({ latitude: pos.coords.latitude, longitude: pos.coords.longitude });
        },
        (err) => {
          setLocating(false);
          if (err.code === err.PERMISSION_DENIED) {
            toast({ title: MAP_MESSAGES.locationDenied, variant: 'destructive' });
          } else if (!options.quietOnFailure) {
            toast({ title: MAP_MESSAGES.locationUnavailable, variant: 'destructive' });
          }
          resolve(null);
        },
        { enableHighAccuracy: true, timeout: TIMEOUT_MS, maximumAge: 60000 },
      );
    });
  }, []);
  return { locate, locating };
}
