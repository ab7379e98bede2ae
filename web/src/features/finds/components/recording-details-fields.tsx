/**
 * "Recording details" in the find form (docs/find-recording.md): what a Finds Liaison Officer needs to
 * record the find, all optional and folded away so a quick log stays quick. It opens by itself when one
 * of its fields has a message, so no error is hidden. The Treasure fields are the Treasure assistant's;
 * how the position was taken is set by the find spot's buttons (position-fields.tsx).
 */
import { useState } from 'react';
import {
  COMPLETENESS,
  DEPTH_BAND_LABELS,
  DEPTH_BANDS,
  DISCOVERY_METHODS,
  FIND_MATERIALS,
  FINDSPOT_PRECISIONS,
  LAND_USES,
  OBJECT_TYPE_SUGGESTIONS,
} from '@schema/contracts/find-recording';
import { FormField } from '@web/components/ui/field';
import { fieldClasses, Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { FORM_RECORDING_FIELDS, type Era } from '../model/recording-details-input';
import { FINDSPOT_PRECISION_LABELS } from '../model/recording-details-words';
import {
  choicesOf,
  describedBy,
  inputId,
  SelectField,
  TextInputField,
  type RecordingInputsContext,
} from './recording-details-inputs';

const NOT_RECORDED = 'Not recorded';
const ERAS: readonly Era[] = ['AD', 'BC'];

function YearField({ ctx, end }: { ctx: RecordingInputsContext; end: 'From' | 'To' }) {
  const field = end === 'From' ? 'dateFromYear' : 'dateToYear';
  const eraField = end === 'From' ? 'dateFromEra' : 'dateToEra';
  const id = inputId(ctx, field);
  return (
    <FormField label={`Date ${end.toLowerCase()} (year)`} htmlFor={id} error={ctx.errors[field]?.message}>
      <div className="flex gap-2">
        <Input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          className="min-w-0 flex-1"
          {...describedBy(ctx, field)}
          {...ctx.register(field)}
        />
        <select
          aria-label={`Date ${end.toLowerCase()}: AD or BC`}
          className={`${fieldClasses} min-h-11 w-20`}
          {...ctx.register(eraField)}
        >
          {ERAS.map((era) => (
            <option key={era} value={era}>
              {era}
            </option>
          ))}
        </select>
      </div>
    </FormField>
  );
}

export function RecordingDetailsFields({ ctx }: { ctx: RecordingInputsContext }) {
  const [open, setOpen] = useState(false);
  const hasError = FORM_RECORDING_FIELDS.some((field) => ctx.errors[field]);
  const suggestions = `${ctx.idPrefix}-object-types`;
  const notes = inputId(ctx, 'floNotes');
  return (
    <details
      open={open || hasError}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="min-w-0 rounded-lg border border-stone-200 p-3 dark:border-stone-700"
    >
      <summary className="min-h-11 cursor-pointer content-center font-medium">Recording details</summary>
      <div className="mt-3 flex flex-col gap-4">
        <p className="text-sm text-stone-600 dark:text-stone-400">
          Optional: what a Finds Liaison Officer needs to record it.
        </p>
        <div className="grid grid-cols-[2fr_1fr] gap-2">
          <TextInputField ctx={ctx} field="objectType" label="Object type" list={suggestions} />
          <TextInputField ctx={ctx} field="quantity" label="Quantity" inputMode="numeric" />
        </div>
        <datalist id={suggestions}>
          {OBJECT_TYPE_SUGGESTIONS.map((type) => (
            <option key={type} value={type} />
          ))}
        </datalist>
        <div className="grid grid-cols-2 gap-2">
          <SelectField
            ctx={ctx}
            field="primaryMaterial"
            label="Primary material"
            choices={choicesOf(FIND_MATERIALS)}
            blank={NOT_RECORDED}
          />
          <SelectField
            ctx={ctx}
            field="secondaryMaterial"
            label="Secondary material"
            choices={choicesOf(FIND_MATERIALS)}
            blank={NOT_RECORDED}
          />
        </div>
        <div className="grid grid-cols-2 gap-2">
          <TextInputField ctx={ctx} field="weightGrams" label="Weight (g)" inputMode="decimal" />
          <SelectField
            ctx={ctx}
            field="completeness"
            label="Completeness"
            choices={choicesOf(COMPLETENESS)}
            blank={NOT_RECORDED}
          />
        </div>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <TextInputField ctx={ctx} field="lengthMm" label="Length (mm)" inputMode="decimal" />
          <TextInputField ctx={ctx} field="widthMm" label="Width (mm)" inputMode="decimal" />
          <TextInputField ctx={ctx} field="thicknessMm" label="Thickness (mm)" inputMode="decimal" />
          <TextInputField ctx={ctx} field="diameterMm" label="Diameter (mm)" inputMode="decimal" />
        </div>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <YearField ctx={ctx} end="From" />
          <YearField ctx={ctx} end="To" />
        </div>
        <div className="grid grid-cols-2 gap-2">
          <SelectField
            ctx={ctx}
            field="discoveryMethod"
            label="How it was found"
            choices={choicesOf(DISCOVERY_METHODS)}
          />
          <TextInputField ctx={ctx} field="foundOn" label="Found on" type="date" />
        </div>
        <div className="grid grid-cols-2 gap-2">
          <SelectField
            ctx={ctx}
            field="depthBand"
            label="Depth"
            choices={DEPTH_BANDS.map((band) => ({ value: band, label: DEPTH_BAND_LABELS[band] }))}
            blank={NOT_RECORDED}
          />
          <SelectField
            ctx={ctx}
            field="landUse"
            label="Land use"
            choices={choicesOf(LAND_USES)}
            blank={NOT_RECORDED}
          />
        </div>
        <SelectField
          ctx={ctx}
          field="findspotPrecision"
          label="Who may see where it was found"
          choices={FINDSPOT_PRECISIONS.map((value) => ({ value, label: FINDSPOT_PRECISION_LABELS[value] }))}
        />
        <TextInputField
          ctx={ctx}
          field="pasRecordId"
          label="PAS record ID"
          hint="Once your FLO has recorded it, e.g. WILT-123ABC."
        />
        <FormField label="Notes for the FLO" htmlFor={notes} error={ctx.errors.floNotes?.message}>
          <Textarea id={notes} rows={3} {...describedBy(ctx, 'floNotes')} {...ctx.register('floNotes')} />
        </FormField>
      </div>
    </details>
  );
}
