/**
 * The find spot: optional, and private — exact coordinates are the finder's alone (docs/privacy.md). Filled
 * from "Use my location" or from the photo's own GPS position, or typed; both or neither. How it was taken
 * is recorded with it (positionSource) and, from "Use my location", the accuracy the phone reported
 * (positionAccuracyM, docs/find-recording.md), shown beside it. It must fit a 390 px phone: a fieldset is
 * as wide as its content by default (min-width: min-content), so it is allowed to shrink, the inputs with
 * it, and no button carries long unbreakable text.
 */
import { Camera, LocateFixed, X } from 'lucide-react';
import { useState } from 'react';
import {
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import type { PositionSource } from '@schema/contracts/find-recording-constants';
import type { FindCreateInput } from '@schema/contracts/finds';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { roundCoordinate, type Position } from '../model/exif';
import type { FindFormInput } from '../model/find-form-input';
import { accuracyWords } from '../model/recording-details-words';
import { ProtectedWarningNote } from './protected-warning';

export interface PositionFieldsProps {
  control: Control<FindFormInput, unknown, FindCreateInput>;
  register: UseFormRegister<FindFormInput>;
  setValue: UseFormSetValue<FindFormInput>;
  errors: FieldErrors<FindFormInput>;
  photoPosition: Position | null;
  idPrefix: string;
}

const SOURCE_WORDS: Record<PositionSource, string> = {
  gps: 'GPS',
  map: 'Picked on the map',
  'grid reference': 'Grid reference',
  typed: 'Typed in',
};
const isSource = (value: string): value is PositionSource => Object.hasOwn(SOURCE_WORDS, value);

export function PositionFields({
  control,
  register,
  setValue,
  errors,
  photoPosition,
  idPrefix,
}: PositionFieldsProps) {
  const [locating, setLocating] = useState(false);
  const [geoError, setGeoError] = useState<string | null>(null);
  const [source, accuracy] = useWatch({ control, name: ['positionSource', 'positionAccuracyM'] });

  function use(position: Position | null, how: PositionSource | null, accuracyM: number | null = null) {
    const opts = { shouldDirty: true, shouldValidate: true };
    setValue('latitude', position ? String(position.latitude) : '', opts);
    setValue('longitude', position ? String(position.longitude) : '', opts);
    setValue('positionSource', position && how ? how : '', { shouldDirty: true });
    setValue('positionAccuracyM', position && accuracyM !== null ? String(accuracyM) : '', {
      shouldDirty: true,
    });
  }
  // A coordinate typed by hand: no accuracy to go with it.
  const typed = () => {
    setValue('positionSource', 'typed', { shouldDirty: true });
    setValue('positionAccuracyM', '', { shouldDirty: true });
  };

  function locate() {
    setGeoError(null);
    if (!('geolocation' in navigator)) {
      setGeoError('This device cannot tell its location.');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        use(
          {
            latitude: roundCoordinate(pos.coords.latitude),
            longitude: roundCoordinate(pos.coords.longitude),
          },
          'gps',
          Number.isFinite(pos.coords.accuracy) ? Math.round(pos.coords.accuracy) : null,
        );
      },
      (err) => {
        setLocating(false);
        setGeoError(
          err.code === err.PERMISSION_DENIED
            ? 'Location permission was denied.'
            : 'Could not get your location. Try again outdoors.',
        );
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  const latError = errors.latitude?.message;
  const lngError = errors.longitude?.message;
  return (
    <fieldset className="flex min-w-0 flex-col gap-2 rounded-lg border border-stone-200 p-3 dark:border-stone-700">
      <legend className="px-1 text-sm font-medium">Find spot (optional)</legend>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        Only you can see the exact position. Others see the location name only.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={locate} disabled={locating}>
          <LocateFixed aria-hidden="true" /> {locating ? 'Locating…' : 'Use my location'}
        </Button>
        {photoPosition ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => use(photoPosition, 'gps')}
            aria-describedby={`${idPrefix}-photo-spot`}
          >
            <Camera aria-hidden="true" /> Use photo location
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={() => use(null, null)}>
          <X aria-hidden="true" /> Clear
        </Button>
      </div>
      {photoPosition ? (
        <p id={`${idPrefix}-photo-spot`} className="text-sm break-words text-stone-600 dark:text-stone-400">
          The photo was taken at {photoPosition.latitude.toFixed(5)}, {photoPosition.longitude.toFixed(5)}.
        </p>
      ) : null}
      {geoError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {geoError}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-2 [&_input]:min-w-0">
        <FormField label="Latitude" htmlFor={`${idPrefix}-lat`} error={latError}>
          <Input
            id={`${idPrefix}-lat`}
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={latError ? true : undefined}
            aria-describedby={latError ? `${idPrefix}-lat-error` : undefined}
            {...register('latitude', { onChange: typed })}
          />
        </FormField>
        <FormField label="Longitude" htmlFor={`${idPrefix}-lng`} error={lngError}>
          <Input
            id={`${idPrefix}-lng`}
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={lngError ? true : undefined}
            aria-describedby={lngError ? `${idPrefix}-lng-error` : undefined}
            {...register('longitude', { onChange: typed })}
          />
        </FormField>
      </div>
      {isSource(source) ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">
          {SOURCE_WORDS[source]}
          {accuracy.trim() !== '' ? `, ${accuracyWords(Number(accuracy))}` : ''}
        </p>
      ) : null}
      <ProtectedWarningNote control={control} />
    </fieldset>
  );
}
