/**
 * The event form's values as the member types them (docs/product/events.md "Rules and messages"), without
 * the rules: the form and the event page render with these, and ./form.ts, which checks them with the
 * contract's schemas, loads on the first submit (docs/architecture.md "First paint").
 */
import { instantToWallTime } from '@schema/contracts/events-dates';

export interface EventFormValues {
  title: string;
  description: string;
  location: string;
  /** `<input type="datetime-local">`: '2025-01-05T15:30', the member's wall-clock time. */
  when: string;
}

export const EMPTY_EVENT_FORM: EventFormValues = { title: '', description: '', location: '', when: '' };

export type EventFormErrors = Partial<Record<keyof EventFormValues, string>>;

export type FormResult<T> = { ok: true; value: T } | { ok: false; errors: EventFormErrors };

export function formValuesOf(
  event: { title: string; description: string | null; location: string; eventDate: string },
  timeZone: string,
): EventFormValues {
  return {
    title: event.title,
    description: event.description ?? '',
    location: event.location,
    when: instantToWallTime(event.eventDate, timeZone),
  };
}
