/**
 * "Start a detecting trip" (docs/notifications.md "Safe return"): where (one of my spots, my current
 * position, or not said), when I expect to be back, up to three contacts' e-mail addresses and whether the
 * alert may carry my phone's last position. Checked with the server's own rules before it is queued.
 */
import { useId, useState, type FormEvent } from 'react';
import { SAFETY_MAX_CONTACTS } from '@schema/contracts/safety-constants';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/field';
import { fieldClasses, Input } from '@web/components/ui/input';
import type { LocalLocation } from '@web/db/database';
import { defaultValues, tripFrom, type TripFormErrors, type TripFormValues } from '../model/form';
import type { TripCreateInput } from '@schema/contracts/safety';

/** The phone's position, or null when it cannot be read (no permission, no fix within 15 s). */
function currentPosition(): Promise<{ latitude: number; longitude: number } | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    ),
  );
}

export function TripForm({
  spots,
  onStart,
}: {
  spots: LocalLocation[];
  onStart: (input: TripCreateInput, spotName: string | null) => Promise<void>;
}) {
  const id = useId();
  const [values, setValues] = useState<TripFormValues>(() => defaultValues());
  const [errors, setErrors] = useState<TripFormErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<TripFormValues>) => setValues((v) => ({ ...v, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const position = values.where === 'here' ? await currentPosition() : null;
      const result = await tripFrom(values, position);
      if ('errors' in result) {
        setErrors(result.errors);
        return;
      }
      setErrors({});
      const spot = spots.find((s) => String(s.id) === values.spotId);
      await onStart(result.input, values.where === 'spot' ? (spot?.name ?? null) : null);
    } finally {
      setBusy(false);
    }
  }

  const described = (field: keyof TripFormErrors, hint = false) =>
    errors[field] ? `${id}-${field}-error` : hint ? `${id}-${field}-hint` : undefined;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <FormField label="Where (optional)" htmlFor={`${id}-where`} error={errors.where}>
        <select
          id={`${id}-where`}
          className={fieldClasses}
          value={values.where === 'spot' ? `spot:${values.spotId}` : values.where}
          aria-describedby={described('where')}
          onChange={(e) => {
            const value = e.target.value;
            if (value.startsWith('spot:')) set({ where: 'spot', spotId: value.slice(5) });
            else set({ where: value === 'here' ? 'here' : 'none', spotId: '' });
          }}
        >
          <option value="none">Not saying</option>
          <option value="here">My current position</option>
          {spots.map((s) => (
            <option key={s.uid} value={`spot:${String(s.id)}`}>
              {s.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        label="I expect to be back by"
        htmlFor={`${id}-returnAt`}
        error={errors.returnAt}
        hint="Within the next 24 hours."
      >
        <Input
          id={`${id}-returnAt`}
          type="datetime-local"
          value={values.returnAt}
          aria-describedby={described('returnAt', true)}
          aria-invalid={errors.returnAt ? true : undefined}
          onChange={(e) => set({ returnAt: e.target.value })}
        />
      </FormField>
      <fieldset className="flex flex-col gap-2" aria-describedby={described('contacts', true)}>
        <legend className="text-sm font-medium">Safety contacts (up to {SAFETY_MAX_CONTACTS})</legend>
        {values.contacts.map((contact, i) => (
          <Input
            key={i}
            type="email"
            autoComplete="email"
            aria-label={`Contact ${i + 1} e-mail address`}
            value={contact}
            onChange={(e) => set({ contacts: values.contacts.map((c, j) => (j === i ? e.target.value : c)) })}
          />
        ))}
        {errors.contacts ? (
          <p
            id={`${id}-contacts-error`}
            role="alert"
            className="text-sm font-medium text-red-700 dark:text-red-400"
          >
            {errors.contacts}
          </p>
        ) : (
          <p id={`${id}-contacts-hint`} className="text-sm text-stone-600 dark:text-stone-400">
            Each new contact gets one e-mail asking them to agree. Until they agree, we send them nothing.
          </p>
        )}
      </fieldset>
      <label className="flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          className="size-5"
          checked={values.shareLastPosition}
          onChange={(e) => set({ shareLastPosition: e.target.checked })}
        />
        Share my phone&apos;s last position with my contacts if they are alerted
      </label>
      <Button type="submit" disabled={busy} className="self-start">
        Start trip
      </Button>
    </form>
  );
}
