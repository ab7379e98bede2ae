/**
 * Quiet hours: a start and an end time of day, saved together with this device's time zone (the server
 * reads the times in it). "No quiet hours" clears both.
 */
import { useId, useState, type FormEvent } from 'react';
import type { NotificationPreferences, NotificationPreferencesInput } from '@schema/contracts/notifications';
import { notificationMessages } from '@schema/contracts/notifications';
import { Button } from '@web/components/ui/button';
import { notificationTexts as t } from '../texts';

export const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const inputClass =
  'min-h-11 rounded-lg border border-stone-300 bg-white px-3 text-base dark:border-stone-600 dark:bg-stone-900';

export function QuietHours({
  value,
  disabled,
  onSave,
}: {
  value: NotificationPreferences;
  disabled: boolean;
  onSave(change: NotificationPreferencesInput, done: string): void;
}) {
  const [start, setStart] = useState(value.quietStart ?? '');
  const [end, setEnd] = useState(value.quietEnd ?? '');
  const [error, setError] = useState<string | null>(null);
  const ids = { start: useId(), end: useId(), hint: useId(), error: useId() };

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!start || !end) {
      setError(notificationMessages.quietBoth);
      return;
    }
    setError(null);
    onSave({ quietStart: start, quietEnd: end, timeZone: deviceTimeZone() }, t.quietSaved);
  }

  const set = value.quietStart !== null && value.quietEnd !== null;
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <p id={ids.hint} className="text-sm text-stone-700 dark:text-stone-300">
        {t.quietHint}
        {value.timeZone ? ` (${value.timeZone})` : ''}
      </p>
      <div className="flex flex-wrap items-end gap-4">
        <TimeField
          id={ids.start}
          label={t.quietStart}
          value={start}
          disabled={disabled}
          invalid={error !== null && !start}
          describedBy={error !== null && !start ? ids.error : ids.hint}
          onChange={setStart}
        />
        <TimeField
          id={ids.end}
          label={t.quietEnd}
          value={end}
          disabled={disabled}
          invalid={error !== null && !end}
          describedBy={error !== null && !end ? ids.error : ids.hint}
          onChange={setEnd}
        />
      </div>
      {error ? (
        <p id={ids.error} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={disabled}>
          {t.quietSave}
        </Button>
        {set ? (
          <Button
            variant="outline"
            disabled={disabled}
            onClick={() => {
              setStart('');
              setEnd('');
              onSave({ quietStart: null, quietEnd: null }, t.saved);
            }}
          >
            {t.quietClear}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** One of the two clock inputs (from, until), labelled and described like every field of the app's forms. */
function TimeField(props: {
  id: string;
  label: string;
  value: string;
  disabled: boolean;
  invalid: boolean;
  describedBy: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={props.id} className="font-medium">
        {props.label}
      </label>
      <input
        id={props.id}
        type="time"
        className={inputClass}
        value={props.value}
        disabled={props.disabled}
        aria-invalid={props.invalid ? true : undefined}
        aria-describedby={props.describedBy}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
    </div>
  );
}
