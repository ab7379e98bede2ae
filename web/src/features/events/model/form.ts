/**
 * The event form's values (docs/product/events.md "Rules and messages"): what the member types, with the
 * date and time as their own wall-clock time, turned into the contract's input — the date becomes the UTC
 * instant of that time in the member's zone — and checked with the same schema the server applies.
 */
import {
  eventCreateSchema,
  eventDateSchema,
  eventMessages,
  eventUpdateSchema,
  type EventCreateInput,
  type EventUpdateInput,
} from '@schema/contracts/events';
import { instantToWallTime, wallTimeToInstant } from '@schema/contracts/events-dates';
import { issuesToFields } from '@schema/contracts/validation';
import type { EventFormErrors, EventFormValues, FormResult } from './form-values';

export {
  EMPTY_EVENT_FORM,
  formValuesOf,
  type EventFormErrors,
  type EventFormValues,
  type FormResult,
} from './form-values';

/** The date field's own message, or the instant it names. */
function instantOf(when: string, timeZone: string): { instant: string } | { error: string } {
  if (!when.trim()) return { error: eventMessages.dateRequired };
  const instant = wallTimeToInstant(when, timeZone);
  return instant ? { instant } : { error: eventMessages.dateInvalid };
}

/** Contract fields → form fields (`eventDate` is the `when` input). */
function toFormErrors(fields: Record<string, string>): EventFormErrors {
  const errors: EventFormErrors = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = key === 'eventDate' ? 'when' : key;
    if (field === 'title' || field === 'description' || field === 'location' || field === 'when')
      errors[field] ??= message;
  }
  return errors;
}

/** Create Event: every rule, the date in the future. */
export function readCreateForm(values: EventFormValues, timeZone: string): FormResult<EventCreateInput> {
  const date = instantOf(values.when, timeZone);
  const parsed = eventCreateSchema.safeParse({
    title: values.title,
    description: values.description,
    location: values.location,
    eventDate: 'instant' in date ? date.instant : undefined,
  });
  const errors = parsed.success ? {} : toFormErrors(issuesToFields(parsed.error.issues));
  if ('error' in date) errors.when = date.error;
  return parsed.success && !('error' in date) ? { ok: true, value: parsed.data } : { ok: false, errors };
}

/**
 * Edit: title, location and date are required; only what changed is returned (the sync update carries
 * only those fields, S17). A date moved must be in the future; one left alone may have passed.
 */
export function readEditForm(
  values: EventFormValues,
  current: { title: string; description: string | null; location: string; eventDate: string },
  timeZone: string,
): FormResult<EventUpdateInput> {
  const date = instantOf(values.when, timeZone);
  const errors: EventFormErrors = {};
  if ('error' in date) errors.when = date.error;
  const full = eventUpdateSchema.safeParse({
    title: values.title,
    description: values.description,
    location: values.location,
  });
  if (!full.success) Object.assign(errors, toFormErrors(issuesToFields(full.error.issues)));
  if (!full.success || 'error' in date) return { ok: false, errors };
  const unchangedWall = values.when === instantToWallTime(current.eventDate, timeZone);
  const eventDate = unchangedWall ? current.eventDate : eventDateSchema.parse(date.instant);
  if (eventDate !== current.eventDate && Date.parse(eventDate) <= Date.now())
    return { ok: false, errors: { when: eventMessages.dateInFuture } };
  const changes: EventUpdateInput = {};
  if (full.data.title !== undefined && full.data.title !== current.title) changes.title = full.data.title;
  if ((full.data.description ?? '') !== (current.description ?? ''))
    changes.description = full.data.description ?? '';
  if (full.data.location !== undefined && full.data.location !== current.location)
    changes.location = full.data.location;
  if (eventDate !== current.eventDate) changes.eventDate = eventDate;
  return { ok: true, value: changes };
}
