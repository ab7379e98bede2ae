/**
 * The find form, for Share Your Find and for editing (docs/product/finds.md#rules-and-messages): title 3–100,
 * location at least 2, description and period optional (period Unknown when blank), a JPG/PNG photo required
 * on upload and optional on edit, an optional private find spot, and the optional recording details
 * (docs/find-recording.md). The rules and texts are the shared contract's.
 */
import { useId, useState, type ReactNode } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { recordingProblems } from '@schema/contracts/find-recording';
import { fillEmptyDateRange } from '@schema/contracts/period-dates';
import { FIND_PERIODS, findCreateSchema, findMessages, type FindCreateInput } from '@schema/contracts/finds';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/field';
import { fieldClasses, Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import type { Position } from '../model/exif';
import type { FindFormInput } from '../model/find-form-input';
import type { FittedPhoto } from '../model/photo';
import {
  changedRecordingFields,
  FORM_RECORDING_FIELDS,
  localIsoDate,
  periodLabel,
  recordingForSchema,
  recordingFormValues,
  typedRange,
  yearInput,
} from '../model/recording-details-input';
import { PhotoField } from './photo-field';
import { PositionFields } from './position-fields';
import { RecordingDetailsFields } from './recording-details-fields';

export type { FindFormInput };

const FIELDS: readonly (keyof FindFormInput)[] = [
  'title',
  'description',
  'location',
  'period',
  'latitude',
  'longitude',
  ...FORM_RECORDING_FIELDS,
];
const isField = (key: unknown): key is keyof FindFormInput => FIELDS.some((f) => f === key);

/**
 * The inputs' text through the contract's schema (blank period → Unknown, blank spot → none, recording
 * numbers parsed): the same rules and messages the server applies. The first message per field is shown.
 * Of the recording details only those the member changed are passed on (recording-details-input.ts):
 * a new find takes the contract's defaults for the rest, an edit keeps them. `blank`: what an emptied
 * recording input means — none on a new find, null (clear it) on an edit.
 */
export function findFormResolver(
  initial: FindFormInput,
  blank: 'absent' | 'null',
): Resolver<FindFormInput, unknown, FindCreateInput> {
  return async (values) => {
    const { title, description, location, period, latitude, longitude } = values;
    const recording = recordingForSchema(values, blank);
    const parsed = findCreateSchema.safeParse({
      ...{ title, description, location, period, latitude, longitude },
      ...recording,
    });
    if (parsed.success) {
      const changed = changedRecordingFields(values, initial);
      const output: FindCreateInput = { ...parsed.data };
      for (const field of FORM_RECORDING_FIELDS) if (!changed.includes(field)) delete output[field];
      return { values: output, errors: {} };
    }
    const errors: FieldErrors<FindFormInput> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isField(field) && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
    }
    // The schema checks across fields only once every field is valid; a reversed range is told at once.
    for (const { field, message } of rangeProblems(recording))
      if (isField(field) && !errors[field]) errors[field] = { type: 'custom', message };
    return { values: {}, errors };
  };
}

/** The contract's rules across fields (recordingProblems) for the date range, when both ends are years. */
function rangeProblems({ dateFromYear, dateToYear }: Record<string, unknown>) {
  return typeof dateFromYear === 'number' && typeof dateToYear === 'number'
    ? recordingProblems({ dateFromYear, dateToYear })
    : [];
}

/** The listed periods, oldest first, plus a retired one the find being edited already has. */
function periodChoices(current: string): string[] {
  const listed: string[] = FIND_PERIODS.filter((p) => p !== 'Unknown');
  return current && !listed.includes(current) ? [...listed, current] : listed;
}

/** A new find's form: empty, with the recording details' defaults (found today, on this device's calendar). */
export function emptyFindForm(today = localIsoDate()): FindFormInput {
  return {
    title: '',
    description: '',
    location: '',
    period: '',
    latitude: '',
    longitude: '',
    ...recordingFormValues(null, today),
  };
}

export interface FindFormProps {
  initial?: FindFormInput;
  /** 'edit': an emptied recording input clears the field (null); 'create': it is left out. */
  mode?: 'create' | 'edit';
  photoRequired: boolean;
  currentPreview?: ReactNode;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (values: FindCreateInput, photo: FittedPhoto | null) => Promise<void>;
  onCancel?: () => void;
}

export function FindForm({
  initial: given,
  mode = 'create',
  photoRequired,
  currentPreview,
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
}: FindFormProps) {
  const id = useId();
  const [initial] = useState(() => given ?? emptyFindForm());
  const [photo, setPhoto] = useState<FittedPhoto | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [photoPosition, setPhotoPosition] = useState<Position | null>(null);
  const [resolver] = useState(() => findFormResolver(initial, mode === 'edit' ? 'null' : 'absent'));
  const { control, register, handleSubmit, setValue, getValues, formState } = useForm<
    FindFormInput,
    unknown,
    FindCreateInput
  >({ resolver, defaultValues: initial });
  const { errors, isSubmitting } = formState;
  const missingPhoto = () => {
    if (photoRequired && !photo && !photoError) setPhotoError(findMessages.imageRequired);
    return photoRequired && !photo;
  };

  const submit = handleSubmit(
    async (values) => {
      if (missingPhoto()) return;
      await onSubmit(values, photo);
    },
    () => void missingPhoto(),
  );

  // Picking a period fills an empty date range with the period's years; a range already typed stays.
  const fillDateRange = (period: string) => {
    const current = typedRange(getValues());
    const next = fillEmptyDateRange(current, period);
    if (next === current) return;
    const from = yearInput(next.fromYear);
    const to = yearInput(next.toYear);
    setValue('dateFromYear', from.year, { shouldDirty: true });
    setValue('dateFromEra', from.era, { shouldDirty: true });
    setValue('dateToYear', to.year, { shouldDirty: true });
    setValue('dateToEra', to.era, { shouldDirty: true });
  };

  const described = (field: keyof FindFormInput) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {};
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <FormField label="Title" htmlFor={`${id}-title`} error={errors.title?.message}>
        <Input id={`${id}-title`} autoComplete="off" {...described('title')} {...register('title')} />
      </FormField>
      <FormField
        label="Location"
        htmlFor={`${id}-location`}
        error={errors.location?.message}
        hint="e.g. Norfolk, UK — cards show the part before the first comma."
      >
        <Input
          id={`${id}-location`}
          autoComplete="off"
          {...described('location')}
          {...register('location')}
        />
      </FormField>
      <FormField label="Period (optional)" htmlFor={`${id}-period`} error={errors.period?.message}>
        <select
          id={`${id}-period`}
          className={`${fieldClasses} min-h-11`}
          {...described('period')}
          {...register('period', {
            onChange: (e: { target: { value: string } }) => fillDateRange(e.target.value),
          })}
        >
          <option value="">Unknown</option>
          {periodChoices(initial.period).map((period) => (
            <option key={period} value={period}>
              {periodLabel(period)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        label="Description (optional)"
        htmlFor={`${id}-description`}
        error={errors.description?.message}
      >
        <Textarea
          id={`${id}-description`}
          rows={3}
          {...described('description')}
          {...register('description')}
        />
      </FormField>
      <PhotoField
        photo={photo}
        onPhoto={setPhoto}
        onPosition={setPhotoPosition}
        error={photoError}
        onError={setPhotoError}
        currentPreview={currentPreview}
        required={photoRequired}
      />
      <PositionFields
        control={control}
        register={register}
        setValue={setValue}
        errors={errors}
        photoPosition={photoPosition}
        idPrefix={id}
      />
      <RecordingDetailsFields ctx={{ register, errors, idPrefix: id }} />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
