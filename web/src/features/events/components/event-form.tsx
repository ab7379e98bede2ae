/**
 * The event form, for Create Event and for editing (docs/product/events.md "Screens", "Rules and
 * messages"): title (5–100), description (optional), location and the date and time — the member's own
 * clock, in their time zone, which the form names. The rules and messages are the shared contract's
 * (model/form.ts), checked on submit and then per field as the member corrects them.
 */
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import type { EventFormErrors, EventFormValues, FormResult } from '../model/form-values';

export interface EventFormProps<T> {
  initial: EventFormValues;
  timeZone: string;
  /**
   * The contract's reading of the values: what to save, or the messages per field. Asynchronous: the
   * contract loads with the first submit (the page renders without it).
   */
  read: (values: EventFormValues) => Promise<FormResult<T>>;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (value: T) => Promise<void>;
  onCancel?: () => void;
}

export function EventForm<T>({
  initial,
  timeZone,
  read,
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
}: EventFormProps<T>) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  function change(field: keyof EventFormValues, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first submit, messages follow the corrections. The readings settle in the order they were
    // asked (one contract module, loaded once), so the last keystroke's messages are the ones left showing.
    if (submitted) void read(next).then((result) => setErrors(result.ok ? {} : result.errors));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    // Busy from the start: the first reading waits for the contract, and a second press must not save twice.
    setBusy(true);
    try {
      const result = await read(values);
      if (!result.ok) {
        setErrors(result.errors);
        document.getElementById(`${id}-${Object.keys(result.errors)[0] ?? 'title'}`)?.focus();
        return;
      }
      setErrors({});
      await onSubmit(result.value);
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof EventFormValues) => ({
    id: `${id}-${name}`,
    value: values[name],
    onChange: (e: { target: { value: string } }) => change(name, e.target.value),
    ...(errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {}),
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <FormField label="Title" htmlFor={`${id}-title`} error={errors.title}>
        <Input autoComplete="off" {...field('title')} />
      </FormField>
      <FormField label="Description (optional)" htmlFor={`${id}-description`} error={errors.description}>
        <Textarea rows={4} {...field('description')} />
      </FormField>
      <FormField
        label="Location"
        htmlFor={`${id}-location`}
        error={errors.location}
        hint="Where to meet, e.g. Village hall, Diss, Norfolk"
      >
        <Input autoComplete="off" {...field('location')} />
      </FormField>
      <FormField
        label="Date and time"
        htmlFor={`${id}-when`}
        error={errors.when}
        hint={`Your time (${timeZone}). Members elsewhere see it in their own time.`}
      >
        <Input type="datetime-local" {...field('when')} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
