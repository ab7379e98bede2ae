/**
 * Profile Settings' detecting details (docs/product/social.md "Profile Settings"): Years detecting,
 * Detector brand and Detector model — the profile page's "Years detecting" and "Detector". Read from the
 * server when the dialog opens; until then (or when they cannot be read) they are disabled, so a save never
 * blanks details the member could not see.
 */
import { useEffect, useState } from 'react';
import type { ProfileDetailsInput } from '@schema/contracts/profile-details';
import { DETECTOR_FIELD_MAX, type ProfileDetails } from '@schema/contracts/profile-details-constants';
import { FormField } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { loadProfileDetails } from '../hooks/profile-settings';

export interface DetailsValues {
  yearsDetecting: string;
  detectorBrand: string;
  detectorModel: string;
}
type Field = keyof DetailsValues;
export type DetailErrors = Partial<Record<Field, string>>;

const valuesOf = (d: ProfileDetails): DetailsValues => ({
  yearsDetecting: d.yearsDetecting === null ? '' : String(d.yearsDetecting),
  detectorBrand: d.detectorBrand ?? '',
  detectorModel: d.detectorModel ?? '',
});

export type DetailsState =
  { state: 'loading' | 'unavailable' } | { state: 'ready'; stored: DetailsValues; values: DetailsValues };

export function useDetailsState(): [DetailsState, (field: Field, value: string) => void] {
  const [details, setDetails] = useState<DetailsState>({ state: 'loading' });
  useEffect(() => {
    let cancelled = false;
    loadProfileDetails().then(
      (d) => !cancelled && setDetails({ state: 'ready', stored: valuesOf(d), values: valuesOf(d) }),
      () => !cancelled && setDetails({ state: 'unavailable' }),
    );
    return () => {
      cancelled = true;
    };
  }, []);
  const change = (field: Field, value: string) =>
    setDetails((d) => (d.state === 'ready' ? { ...d, values: { ...d.values, [field]: value } } : d));
  return [details, change];
}

const FIELDS: { field: Field; label: string; id: string }[] = [
  { field: 'yearsDetecting', label: 'Years detecting', id: 'settings-years' },
  { field: 'detectorBrand', label: 'Detector brand', id: 'settings-detector-brand' },
  { field: 'detectorModel', label: 'Detector model', id: 'settings-detector-model' },
];

/**
 * The changed fields, checked by the contract: the input to send, or each refused field's message. The
 * contract (and Zod with it) loads on the first save, so the pages that show this form download no
 * validation library on a first visit (docs/architecture.md "First paint").
 */
export async function detailsChanges(
  details: DetailsState,
): Promise<{ ok: true; input: ProfileDetailsInput } | { ok: false; errors: DetailErrors }> {
  if (details.state !== 'ready') return { ok: true, input: {} };
  const changed = Object.fromEntries(
    FIELDS.map(({ field }) => field)
      .filter((field) => details.values[field].trim() !== details.stored[field].trim())
      .map((field) => [field, details.values[field]]),
  );
  const { profileDetailsSchema } = await import('@schema/contracts/profile-details');
  const parsed = profileDetailsSchema.safeParse(changed);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: DetailErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'yearsDetecting' || field === 'detectorBrand' || field === 'detectorModel')
      errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

export function DetectingDetailsFields({
  details,
  onChange,
  errors,
}: {
  details: DetailsState;
  onChange(field: Field, value: string): void;
  errors: DetailErrors;
}) {
  const ready = details.state === 'ready';
  return (
    <fieldset className="flex flex-col gap-3" aria-busy={details.state === 'loading' || undefined}>
      <legend className="mb-1 font-medium">Detecting</legend>
      {details.state === 'unavailable' ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">
          Your detecting details could not be loaded. Try again when you are online.
        </p>
      ) : null}
      {FIELDS.map(({ field, label, id }) => (
        <FormField key={field} label={label} htmlFor={id} error={errors[field]}>
          <Input
            id={id}
            disabled={!ready}
            value={ready ? details.values[field] : ''}
            {...(field === 'yearsDetecting'
              ? { type: 'number', inputMode: 'numeric' as const, min: 0, step: 1 }
              : { maxLength: DETECTOR_FIELD_MAX })}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={errors[field] ? `${id}-error` : undefined}
            onChange={(e) => onChange(field, e.target.value)}
          />
        </FormField>
      ))}
    </fieldset>
  );
}
