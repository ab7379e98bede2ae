/**
 * The protected-area check Detecting now runs at every fix: the device's own, over the areas it keeps
 * (docs/protected-areas.md "On the device"), so it answers with no signal and says no-data, never clear,
 * where the device holds nothing.
 */
import { checkOnDevice } from '@web/sync/protected-areas';
import type { DeviceCheck } from '../hooks/use-detecting';

export const checkProtectedOnDevice: DeviceCheck = (position) => checkOnDevice(position);
