/**
 * The Treasure assistant's questions (docs/treasure.md "The answers"): where it was found — suggested from
 * the find spot, always changeable — the metal, its likely age, whether it is one of several coins or
 * prehistoric objects from the same place, what was found with it, and when the member first thought it
 * might be Treasure.
 */
import { useId, type ReactNode } from 'react';
import type { FindAge, FindMetal, Nation } from '@schema/contracts/treasure';
import { FormField } from '@web/components/ui/field';
import { fieldClasses, Input } from '@web/components/ui/input';
import type { NationLookup } from '../hooks/use-nation';
import { asksForBaseObjects, type AssistantForm } from '../model/assistant-answers';
import { AGE_LABELS, METAL_LABELS, NATION_LABELS, treasureTexts as t } from '../texts';

const NATIONS = Object.keys(NATION_LABELS) as Nation[];
const METALS = Object.keys(METAL_LABELS) as FindMetal[];
const AGES = Object.keys(AGE_LABELS) as FindAge[];

function Select<V extends string>({
  id,
  value,
  labels,
  options,
  onChange,
  describedBy,
}: {
  id: string;
  value: V | '';
  labels: Readonly<Record<V, string>>;
  options: readonly V[];
  onChange(value: V): void;
  describedBy?: string;
}) {
  return (
    <select
      id={id}
      className={`${fieldClasses} min-h-11`}
      value={value}
      aria-describedby={describedBy}
      onChange={(e) => {
        const picked = options.find((option) => option === e.currentTarget.value);
        if (picked) onChange(picked);
      }}
    >
      <option value="" disabled>
        {t.choose}
      </option>
      {options.map((option) => (
        <option key={option} value={option}>
          {labels[option]}
        </option>
      ))}
    </select>
  );
}

function Check({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange(on: boolean): void;
}) {
  return (
    <div className="flex min-h-11 items-start gap-3 py-1">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-5 shrink-0 accent-lime-700"
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <label htmlFor={id} className="cursor-pointer">
        {label}
      </label>
    </div>
  );
}

function nationHint(lookup: NationLookup, chosen: boolean): string | undefined {
  if (lookup.state === 'looking') return t.nationLookingUp;
  if (lookup.state === 'none') return chosen ? undefined : t.nationNoSpot;
  return t.nationFromSpot;
}

export function AssistantQuestions({
  form,
  nationLookup,
  foundOnText,
  today,
  onChange,
}: {
  form: AssistantForm;
  nationLookup: NationLookup;
  foundOnText: string;
  today: string;
  onChange(change: Partial<AssistantForm>): void;
}) {
  const id = useId();
  const hint = nationHint(nationLookup, form.nation !== '');
  return (
    <div className="flex flex-col gap-4">
      <FormField label={t.nationLabel} htmlFor={`${id}-nation`} hint={hint}>
        <Select
          id={`${id}-nation`}
          value={form.nation}
          labels={NATION_LABELS}
          options={NATIONS}
          describedBy={hint ? `${id}-nation-hint` : undefined}
          onChange={(nation) => onChange({ nation })}
        />
      </FormField>
      <FormField label={t.metalLabel} htmlFor={`${id}-metal`}>
        <Select
          id={`${id}-metal`}
          value={form.metal}
          labels={METAL_LABELS}
          options={METALS}
          onChange={(metal) => onChange({ metal })}
        />
      </FormField>
      <FormField label={t.ageLabel} htmlFor={`${id}-age`}>
        <Select
          id={`${id}-age`}
          value={form.age}
          labels={AGE_LABELS}
          options={AGES}
          onChange={(age) => onChange({ age })}
        />
      </FormField>
      <Check
        id={`${id}-coin`}
        label={t.isCoinLabel}
        checked={form.isCoin}
        onChange={(isCoin) => onChange({ isCoin })}
      />
      {form.isCoin ? (
        <FormField label={t.coinsLabel} htmlFor={`${id}-coins`}>
          <Input
            id={`${id}-coins`}
            type="number"
            inputMode="numeric"
            min={1}
            value={form.coins}
            onChange={(e) => onChange({ coins: e.currentTarget.value })}
          />
        </FormField>
      ) : null}
      {asksForBaseObjects(form) ? (
        <FormField label={t.baseObjectsLabel} htmlFor={`${id}-objects`}>
          <Input
            id={`${id}-objects`}
            type="number"
            inputMode="numeric"
            min={1}
            value={form.prehistoricBaseObjects}
            onChange={(e) => onChange({ prehistoricBaseObjects: e.currentTarget.value })}
          />
        </FormField>
      ) : null}
      <Check
        id={`${id}-with`}
        label={t.foundWithLabel}
        checked={form.foundWithTreasure}
        onChange={(foundWithTreasure) => onChange({ foundWithTreasure })}
      />
      <p className="text-sm text-stone-700 dark:text-stone-300">{t.foundOn(foundOnText)}</p>
      <FormField label={t.realisedLabel} htmlFor={`${id}-realised`} hint={t.realisedHint}>
        <Input
          id={`${id}-realised`}
          type="date"
          max={today}
          value={form.realisedOn}
          aria-describedby={`${id}-realised-hint`}
          onChange={(e) => onChange({ realisedOn: e.currentTarget.value })}
        />
      </FormField>
    </div>
  );
}
