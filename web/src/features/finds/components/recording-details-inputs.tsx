/**
 * The inputs of the find form's recording details (recording-details-fields.tsx): a labelled text input
 * and a labelled select, each showing its field's message from the contract underneath and pointing at it
 * (aria-describedby), as the rest of the find form does.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '@web/components/ui/field';
import { fieldClasses, Input } from '@web/components/ui/input';
import type { FindFormInput } from '../model/find-form-input';
import type { RecordingFormInput } from '../model/recording-details-input';

export interface RecordingInputsContext {
  register: UseFormRegister<FindFormInput>;
  errors: FieldErrors<FindFormInput>;
  idPrefix: string;
}

type FieldName = keyof RecordingFormInput;

export const inputId = (ctx: RecordingInputsContext, field: FieldName) => `${ctx.idPrefix}-rec-${field}`;

/** aria-invalid and the error's id while the field has a message; nothing otherwise. */
export function describedBy(ctx: RecordingInputsContext, field: FieldName) {
  return ctx.errors[field]
    ? { 'aria-invalid': true, 'aria-describedby': `${inputId(ctx, field)}-error` }
    : {};
}

/** 'copper alloy' → 'Copper alloy': the stored values are lower case, the options read as sentences. */
export const sentenceCase = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

export function TextInputField({
  ctx,
  field,
  label,
  hint,
  ...inputProps
}: {
  ctx: RecordingInputsContext;
  field: FieldName;
  label: string;
  hint?: ReactNode;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'list' | 'type' | 'placeholder'>) {
  const id = inputId(ctx, field);
  return (
    <FormField label={label} htmlFor={id} error={ctx.errors[field]?.message} hint={hint}>
      <Input
        id={id}
        autoComplete="off"
        className="min-w-0"
        {...inputProps}
        {...describedBy(ctx, field)}
        {...ctx.register(field)}
      />
    </FormField>
  );
}

export interface Choice {
  value: string;
  label: string;
}

/** A select; `blank` adds a first option for "not recorded" (stored as none). */
export function SelectField({
  ctx,
  field,
  label,
  choices,
  blank,
}: {
  ctx: RecordingInputsContext;
  field: FieldName;
  label: string;
  choices: readonly Choice[];
  blank?: string;
}) {
  const id = inputId(ctx, field);
  return (
    <FormField label={label} htmlFor={id} error={ctx.errors[field]?.message}>
      <select
        id={id}
        className={`${fieldClasses} min-h-11 min-w-0`}
        {...describedBy(ctx, field)}
        {...ctx.register(field)}
      >
        {blank !== undefined ? <option value="">{blank}</option> : null}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/** Choices whose label is the value itself, in sentence case. */
export const choicesOf = (values: readonly string[]): Choice[] =>
  values.map((value) => ({ value, label: sentenceCase(value) }));
