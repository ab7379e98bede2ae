/**
 * A detecting trip as the device keeps it (docs/notifications.md "Safe return"): the server's row
 * (schema/contracts/safety.ts `TripWire`), with `id` null until its start reached the server and its time
 * under `created_at` like every other synced table.
 */
import type { TripWire } from '@schema/contracts/safety';

export type LocalSafetyTrip = Omit<TripWire, 'id' | 'createdAt'> & {
  id: number | null;
  created_at: string;
};
