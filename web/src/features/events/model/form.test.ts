/**
 * The event form (docs/product/events.md "Rules and messages"): the member's wall-clock time in their zone
 * becomes the stored UTC instant, and the contract's messages land on the form's fields.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventMessages } from '@schema/contracts/events';
import { formValuesOf, readCreateForm, readEditForm } from './form';

const LONDON = 'Europe/London';
const values = {
  title: 'Group dig on stubble',
  description: '',
  location: 'Norfolk',
  when: '2099-07-05T15:30',
};

afterEach(() => vi.useRealTimers());

describe('Create Event', () => {
  it('saves the UTC instant of the member’s time (BST in July)', () => {
    expect(readCreateForm(values, LONDON)).toEqual({
      ok: true,
      value: {
        title: 'Group dig on stubble',
        description: '',
        location: 'Norfolk',
        eventDate: '2099-07-05T14:30:00.000Z',
      },
    });
    expect(readCreateForm(values, 'America/New_York')).toMatchObject({
      value: { eventDate: '2099-07-05T19:30:00.000Z' },
    });
  });

  it('puts every message on its field', () => {
    expect(readCreateForm({ title: 'Dig', description: '', location: 'a', when: '' }, LONDON)).toEqual({
      ok: false,
      errors: {
        title: eventMessages.titleTooShort,
        location: eventMessages.locationRequired,
        when: eventMessages.dateRequired,
      },
    });
    expect(readCreateForm({ ...values, when: '2099-02-30T10:00' }, LONDON)).toEqual({
      ok: false,
      errors: { when: eventMessages.dateInvalid },
    });
    expect(readCreateForm({ ...values, when: '2001-01-01T10:00' }, LONDON)).toEqual({
      ok: false,
      errors: { when: eventMessages.dateInFuture },
    });
  });

  it('just before midnight, a time later today is still the future; one a minute ago is not', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-05T22:58:00Z')); // 23:58 BST
    expect(readCreateForm({ ...values, when: '2025-06-05T23:59' }, LONDON).ok).toBe(true);
    expect(readCreateForm({ ...values, when: '2025-06-05T23:57' }, LONDON)).toMatchObject({
      errors: { when: eventMessages.dateInFuture },
    });
    expect(readCreateForm({ ...values, when: '2025-06-06T00:01' }, LONDON)).toMatchObject({
      value: { eventDate: '2025-06-05T23:01:00.000Z' },
    });
  });
});

describe('Edit', () => {
  const current = {
    title: 'Group dig on stubble',
    description: null,
    location: 'Norfolk',
    eventDate: '2099-07-05T14:30:00.000Z',
  };

  it('prefills in the member’s zone and sends only what changed', () => {
    const initial = formValuesOf(current, LONDON);
    expect(initial).toEqual({
      title: 'Group dig on stubble',
      description: '',
      location: 'Norfolk',
      when: '2099-07-05T15:30',
    });
    expect(readEditForm(initial, current, LONDON)).toEqual({ ok: true, value: {} });
    expect(
      readEditForm({ ...initial, location: 'Suffolk', when: '2099-07-05T16:00' }, current, LONDON),
    ).toEqual({
      ok: true,
      value: { location: 'Suffolk', eventDate: '2099-07-05T15:00:00.000Z' },
    });
  });

  it('requires title, location and date; a past event keeps its date, but a moved one must be future', () => {
    const past = { ...current, eventDate: '2001-01-01T10:00:00.000Z' };
    const initial = formValuesOf(past, LONDON);
    expect(readEditForm({ ...initial, description: 'Thanks all' }, past, LONDON)).toEqual({
      ok: true,
      value: { description: 'Thanks all' },
    });
    expect(readEditForm({ ...initial, when: '2001-01-02T10:00' }, past, LONDON)).toEqual({
      ok: false,
      errors: { when: eventMessages.dateInFuture },
    });
    expect(readEditForm({ ...initial, title: '', location: '', when: '' }, past, LONDON)).toEqual({
      ok: false,
      errors: {
        title: eventMessages.titleTooShort,
        location: eventMessages.locationRequired,
        when: eventMessages.dateRequired,
      },
    });
  });
});
