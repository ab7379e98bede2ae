/**
 * The find form's warning when the find spot it holds is inside or near a protected site (docs/
 * protected-areas.md "Warnings"), from the device's own check — so it shows with no signal. Nothing while
 * the spot is empty, half typed, clear or unknown.
 */
import { useWatch, type Control } from 'react-hook-form';
import { protectedWarning } from '@schema/contracts/protected-areas';
import type { FindCreateInput } from '@schema/contracts/finds';
import { CautionNote } from '@web/components/ui/caution-note';
import { useProtectedCheck } from '@web/sync/protected-areas/hooks';
import type { FindFormInput } from '../model/find-form-input';

function positionOf(latitude: string, longitude: string, accuracy: string) {
  const [lat, lng] = [Number(latitude), Number(longitude)];
  if (latitude.trim() === '' || longitude.trim() === '' || !Number.isFinite(lat) || !Number.isFinite(lng))
    return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  const accuracyM = Number(accuracy);
  return {
    latitude: lat,
    longitude: lng,
    accuracyM: accuracy.trim() !== '' && accuracyM > 0 ? accuracyM : 0,
  };
}

export function ProtectedWarningNote({
  control,
}: {
  control: Control<FindFormInput, unknown, FindCreateInput>;
}) {
  const [latitude, longitude, accuracy] = useWatch({
    control,
    name: ['latitude', 'longitude', 'positionAccuracyM'],
  });
  const check = useProtectedCheck(positionOf(latitude, longitude, accuracy));
  const warning = check.state === 'ready' ? protectedWarning(check.value) : null;
  return warning ? <CautionNote {...warning} /> : null;
}
