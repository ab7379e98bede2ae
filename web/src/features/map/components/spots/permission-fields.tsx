/**
 * The spot form's permission record (docs/permissions.md "The record"), only ever seen by the spot's owner:
 * the landowner, the dates and notes, then the days detecting is allowed (none ticked is any day), the
 * notice asked for, crops or livestock, and the finds agreement — how finds and a Treasure reward are
 * shared (the usual split is offered as a one-tap suggestion, never filled in) and what the landowner is
 * shown. The contract's messages show on their fields; what was typed stays.
 */
import {
  TREASURE_SPLIT_SUGGESTION,
  WEEKDAY_LABELS,
  WEEKDAYS,
  inWeekOrder,
  type Weekday,
} from '@schema/contracts/permission-edges-constants';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import type { SpotFormErrors, SpotFormValues } from '../../model/spots/form';

export type PermissionTextKey =
  | 'landownerName'
  | 'landownerContact'
  | 'permissionGranted'
  | 'permissionExpires'
  | 'permissionNotes'
  | 'permissionNotice'
  | 'permissionCropsNotes'
  | 'agreementFindsSplit'
  | 'agreementTreasureSplit'
  | 'agreementLandownerSees';

export interface TextInputProps {
  id: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
}

export const PERMISSION_LABELS = {
  days: 'Days allowed',
  daysHint: 'None ticked means any day.',
  notice: 'Notice asked for',
  noticeHint: 'For example: 24 hours by phone',
  crops: 'Crops or livestock',
  agreement: 'Finds agreement',
  findsSplit: 'How finds are shared',
  treasureSplit: 'How a Treasure reward is shared',
  useSuggestion: 'Use this suggestion',
  landownerSees: 'What the landowner is shown',
} as const;
const l = PERMISSION_LABELS;

export interface PermissionFieldsProps {
  id: string;
  values: SpotFormValues;
  errors: SpotFormErrors;
  text: (key: PermissionTextKey) => TextInputProps;
  setDays: (days: Weekday[]) => void;
  setText: (key: PermissionTextKey, value: string) => void;
  open: boolean;
}

function DaysField({ id, values, errors, setDays }: PermissionFieldsProps) {
  const chosen = values.permissionDays;
  const toggle = (day: Weekday, on: boolean) =>
    setDays(inWeekOrder(on ? [...chosen, day] : chosen.filter((d) => d !== day)));
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      aria-describedby={errors.permissionDays ? `${id}-permissionDays-error` : `${id}-permissionDays-hint`}
    >
      <legend className="text-sm font-medium">{l.days}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {WEEKDAYS.map((day) => (
          <label key={day} className="flex items-center gap-2">
            <input
              type="checkbox"
              className="size-4 accent-amber-700"
              checked={chosen.includes(day)}
              onChange={(e) => toggle(day, e.target.checked)}
            />
            {WEEKDAY_LABELS[day]}
          </label>
        ))}
      </div>
      {errors.permissionDays ? (
        <p
          id={`${id}-permissionDays-error`}
          role="alert"
          className="text-sm font-medium text-red-700 dark:text-red-400"
        >
          {errors.permissionDays}
        </p>
      ) : (
        <p id={`${id}-permissionDays-hint`} className="text-sm text-stone-600 dark:text-stone-400">
          {l.daysHint}
        </p>
      )}
    </fieldset>
  );
}

export function PermissionFields(props: PermissionFieldsProps) {
  const { id, values, errors, text, setText, open } = props;
  const field = (key: PermissionTextKey) => ({
    ...text(key),
    ...(errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${key}-error` } : {}),
  });
  return (
    <details className="rounded-lg border border-stone-200 p-3 dark:border-stone-700" open={open}>
      <summary className="cursor-pointer font-medium">Permission record (optional, only you see it)</summary>
      <div className="mt-3 flex flex-col gap-3">
        <FormField label="Landowner name" htmlFor={`${id}-landownerName`} error={errors.landownerName}>
          <Input {...field('landownerName')} />
        </FormField>
        <FormField
          label="Landowner contact"
          htmlFor={`${id}-landownerContact`}
          error={errors.landownerContact}
        >
          <Input {...field('landownerContact')} />
        </FormField>
        <FormField label="Date granted" htmlFor={`${id}-permissionGranted`} error={errors.permissionGranted}>
          <Input type="date" {...field('permissionGranted')} />
        </FormField>
        <FormField label="Expiry date" htmlFor={`${id}-permissionExpires`} error={errors.permissionExpires}>
          <Input type="date" {...field('permissionExpires')} />
        </FormField>
        <FormField label="Notes" htmlFor={`${id}-permissionNotes`} error={errors.permissionNotes}>
          <Textarea rows={2} {...field('permissionNotes')} />
        </FormField>
        <DaysField {...props} />
        <FormField
          label={l.notice}
          htmlFor={`${id}-permissionNotice`}
          error={errors.permissionNotice}
          hint={l.noticeHint}
        >
          <Input {...field('permissionNotice')} />
        </FormField>
        <FormField label={l.crops} htmlFor={`${id}-permissionCropsNotes`} error={errors.permissionCropsNotes}>
          <Textarea rows={2} {...field('permissionCropsNotes')} />
        </FormField>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 font-medium">{l.agreement}</legend>
          <FormField
            label={l.findsSplit}
            htmlFor={`${id}-agreementFindsSplit`}
            error={errors.agreementFindsSplit}
          >
            <Textarea rows={2} {...field('agreementFindsSplit')} />
          </FormField>
          <FormField
            label={l.treasureSplit}
            htmlFor={`${id}-agreementTreasureSplit`}
            error={errors.agreementTreasureSplit}
          >
            <Textarea rows={2} {...field('agreementTreasureSplit')} />
          </FormField>
          {values.agreementTreasureSplit === TREASURE_SPLIT_SUGGESTION ? null : (
            <div className="-mt-1 flex flex-col items-start gap-1 text-sm text-stone-600 dark:text-stone-400">
              <p>Usual: {TREASURE_SPLIT_SUGGESTION}</p>
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => setText('agreementTreasureSplit', TREASURE_SPLIT_SUGGESTION)}
              >
                {l.useSuggestion}
              </Button>
            </div>
          )}
          <FormField
            label={l.landownerSees}
            htmlFor={`${id}-agreementLandownerSees`}
            error={errors.agreementLandownerSees}
          >
            <Textarea rows={2} {...field('agreementLandownerSees')} />
          </FormField>
        </fieldset>
      </div>
    </details>
  );
}
