/**
 * Add New Spot and Edit (docs/map.md "Spots on the map"): where the spot is — a tap on the map, Find My
 * Location, or typed coordinates (decimal, degrees-minutes-seconds or a British or Irish grid reference), shown both as
 * lat/lng and grid reference — then name, type, description, terrain, access, best time to visit,
 * Permission Granted, Group Dig, the shared checkbox that says unchecked means private, and the owner-only
 * permission record (permission-fields.tsx). Save is disabled without coordinates; the contract's messages show on their fields.
 */
import { Crosshair } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { LOCATION_TYPES, locationMessages as m } from '@schema/contracts/locations-constants';
import { PERMISSION_TEXT_FIELDS } from '@schema/contracts/locations';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/field';
import { fieldClasses, Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast-store';
import { useGeolocation } from '../../hooks/use-geolocation';
import { MAP_MESSAGES } from '../../model/constants';
import type { LatLng } from '@schema/contracts/grid/coordinates';
import type { SpotFormErrors, SpotFormResult, SpotFormValues } from '../../model/spots/form';
import { parseTypedPosition } from '../../model/spots/typed-position';
import { PermissionFields } from './permission-fields';
import { SpotPosition } from './spot-position';
import { SpotProtectedWarning } from './spot-protected-warning';

export const TYPED_POSITION_ERROR =
  'Those coordinates could not be read. Type "51.5, -0.12", 51°30′N 0°7′W or a grid reference like SU 123 456 or J 338 740.';

export interface SpotFormProps<T> {
  initial: SpotFormValues;
  position: LatLng | null;
  onPosition: (position: LatLng) => void;
  read: (values: SpotFormValues, position: LatLng | null) => SpotFormResult<T>;
  submitLabel: string;
  onSubmit: (value: T) => Promise<void>;
  onCancel: () => void;
}

type TextKey = Exclude<
  keyof SpotFormValues,
  'hasPermission' | 'isGroupDig' | 'isShared' | 'type' | 'permissionDays'
>;

/** The record opens folded unless it already holds something. */
const hasPermissionRecord = (v: SpotFormValues) =>
  v.permissionDays.length > 0 || PERMISSION_TEXT_FIELDS.some((key) => v[key].trim() !== '');

export function SpotForm<T>({
  initial,
  position,
  onPosition,
  read,
  submitLabel,
  onSubmit,
  onCancel,
}: SpotFormProps<T>) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<SpotFormErrors>({});
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { locate, locating } = useGeolocation();

  const set = <K extends keyof SpotFormValues>(key: K, value: SpotFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const text = (key: TextKey) => ({
    id: `${id}-${key}`,
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    ...(errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${key}-error` } : {}),
  });

  function applyTyped() {
    const found = parseTypedPosition(typed);
    setTypedError(found ? null : TYPED_POSITION_ERROR);
    if (found) onPosition(found);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!position) {
      toast({ title: m.missingCoordinatesTitle, description: m.missingCoordinates, variant: 'destructive' });
      return;
    }
    const result = read(values, position);
    if (!result.ok) {
      setErrors(result.errors);
      if (result.errors.name || result.errors.type)
        toast({
          title: m.missingInformationTitle,
          description: m.missingInformation,
          variant: 'destructive',
        });
      document.getElementById(`${id}-${Object.keys(result.errors)[0] ?? 'name'}`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(result.value);
    } finally {
      setBusy(false);
    }
  }

  const check = (key: 'hasPermission' | 'isGroupDig' | 'isShared', label: string) => (
    <label className="flex items-center gap-2">
      <input
        type="checkbox"
        className="size-4 accent-amber-700"
        checked={values[key]}
        onChange={(e) => set(key, e.target.checked)}
      />
      {label}
    </label>
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2 rounded-lg border border-stone-200 p-3 dark:border-stone-700">
        <legend className="px-1 font-medium">Where is it?</legend>
        {position ? (
          <div aria-live="polite">
            <SpotPosition spot={position} />
          </div>
        ) : (
          <p aria-live="polite" className="text-sm text-stone-700 dark:text-stone-300">
            {m.missingCoordinates}
          </p>
        )}
        <SpotProtectedWarning position={position} />
        {errors.position ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errors.position}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={locating}
            onClick={() => void locate().then((p) => p && onPosition(p))}
          >
            <Crosshair aria-hidden="true" /> {MAP_MESSAGES.findMyLocation}
          </Button>
        </div>
        <FormField
          label="Type coordinates"
          htmlFor={`${id}-typed`}
          error={typedError ?? undefined}
          hint="Decimal, degrees-minutes-seconds or a grid reference (British or Irish)"
        >
          <div className="flex gap-2">
            <Input
              id={`${id}-typed`}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
            />
            <Button type="button" variant="outline" onClick={applyTyped} disabled={!typed.trim()}>
              Use
            </Button>
          </div>
        </FormField>
      </fieldset>
      <FormField label="Name" htmlFor={`${id}-name`} error={errors.name}>
        <Input autoComplete="off" {...text('name')} />
      </FormField>
      <FormField label="Type" htmlFor={`${id}-type`} error={errors.type}>
        <select
          id={`${id}-type`}
          className={`${fieldClasses} min-h-11`}
          value={values.type}
          onChange={(e) => set('type', LOCATION_TYPES.find((t) => t === e.target.value) ?? '')}
          {...(errors.type ? { 'aria-invalid': true } : {})}
        >
          <option value="">Choose a type</option>
          {LOCATION_TYPES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
      </FormField>
      <FormField label="Description (optional)" htmlFor={`${id}-description`} error={errors.description}>
        <Textarea rows={3} {...text('description')} />
      </FormField>
      <FormField label="Terrain (optional)" htmlFor={`${id}-terrainType`} error={errors.terrainType}>
        <Input {...text('terrainType')} />
      </FormField>
      <FormField label="Access information (optional)" htmlFor={`${id}-accessInfo`} error={errors.accessInfo}>
        <Textarea rows={2} {...text('accessInfo')} />
      </FormField>
      <FormField
        label="Best time to visit (optional)"
        htmlFor={`${id}-bestTimeToVisit`}
        error={errors.bestTimeToVisit}
      >
        <Input {...text('bestTimeToVisit')} />
      </FormField>
      <div className="flex flex-col gap-2 text-sm">
        {check('hasPermission', 'Permission Granted')}
        {check('isGroupDig', 'Group Dig')}
        {check('isShared', m.sharedLabel)}
        <p className="pl-6 text-stone-600 dark:text-stone-400">
          {values.isShared ? m.sharedText : m.privateText}
        </p>
      </div>
      <PermissionFields
        id={id}
        values={values}
        errors={errors}
        text={text}
        setText={set}
        setDays={(days) => set('permissionDays', days)}
        open={hasPermissionRecord(initial)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy || !position}>
          {busy ? 'Saving…' : submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
