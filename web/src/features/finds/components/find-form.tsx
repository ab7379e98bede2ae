/**
 * The find form, for Share Your Find and for editing (docs/product/finds.md#rules-and-messages): title 3–100,
 * location at least 2, description and period optional (period Unknown when blank), a JPG/PNG photo required
 * on upload and optional on edit, and an optional private find spot. The rules and texts are the shared
 * contract's.
 */
import { useId, useState, type ReactNode } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { FIND_PERIODS, findCreateSchema, findMessages, type FindCreateInput } from '@schema/contracts/finds';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/field';
import { fieldClasses, Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import type { Position } from '../model/exif';
import type { FindFormInput } from '../model/find-form-input';
import type { FittedPhoto } from '../model/photo';
import { PhotoField } from './photo-field';
import { PositionFields } from './position-fields';

export type { FindFormInput };

const FIELDS: readonly (keyof FindFormInput)[] = [
  'title',
  'description',
  'location',
  'period',
  'latitude',
  'longitude',
];
const isField = (key: unknown): key is keyof FindFormInput => FIELDS.some((f) => f === key);

/**
 * The inputs' text through the contract's schema (blank period → Unknown, blank spot → none): the same
 * rules and messages the server applies. The first message per field is shown.
 */
export const findFormResolver: Resolver<FindFormInput, unknown, FindCreateInput> = async (values) => {
  const parsed = findCreateSchema.safeParse(values);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<FindFormInput> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isField(field) && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

/** The listed periods, oldest first, plus a retired one the find being edited already has. */
function periodChoices(current: string): string[] {
  const listed: string[] = FIND_PERIODS.filter((p) => p !== 'Unknown');
  return current && !listed.includes(current) ? [...listed, current] : listed;
}

export const EMPTY_FIND_FORM: FindFormInput = {
  title: '',
  description: '',
  location: '',
  period: '',
  latitude: '',
  longitude: '',
};

export interface FindFormProps {
  initial?: FindFormInput;
  photoRequired: boolean;
  currentPreview?: ReactNode;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (values: FindCreateInput, photo: FittedPhoto | null) => Promise<void>;
  onCancel?: () => void;
}

export function FindForm({
  initial = EMPTY_FIND_FORM,
  photoRequired,
  currentPreview,
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
}: FindFormProps) {
  const id = useId();
  const [photo, setPhoto] = useState<FittedPhoto | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [photoPosition, setPhotoPosition] = useState<Position | null>(null);
  const { register, handleSubmit, setValue, formState } = useForm<FindFormInput, unknown, FindCreateInput>({
    resolver: findFormResolver,
    defaultValues: initial,
  });
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
          {...register('period')}
        >
          <option value="">Unknown</option>
          {periodChoices(initial.period).map((period) => (
            <option key={period} value={period}>
              {period}
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
        register={register}
        setValue={setValue}
        errors={errors}
        photoPosition={photoPosition}
        idPrefix={id}
      />
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
