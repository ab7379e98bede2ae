/** The trip under way: when the member is due, who will be alerted, "I'm back" and the extensions. */
import type { SafetyContactWire } from '@schema/contracts/safety';
import { safetyMessages } from '@schema/contracts/safety-constants';
import { Button } from '@web/components/ui/button';
import type { LocalSafetyTrip } from '@web/db/database';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { weekday: 'short', hour: '2-digit', minute: '2-digit' });

const contactState: Record<SafetyContactWire['state'], string> = {
  asked: 'has not agreed yet (nothing is sent to them until they do)',
  agreed: 'agreed',
  declined: 'said no thanks',
};

export function TripUnderWay({
  trip,
  queued,
  busy,
  onCheckIn,
  onExtend,
}: {
  trip: LocalSafetyTrip;
  /** Its start is still queued on this device: the timer is not running yet. */
  queued: boolean;
  busy: boolean;
  onCheckIn: () => void;
  onExtend: (minutes: 30 | 60) => void;
}) {
  const alerted = trip.state === 'alerted';
  return (
    <section
      aria-labelledby="trip-under-way"
      className="flex flex-col gap-3 rounded-xl border border-stone-200 p-4 dark:border-stone-700"
    >
      <h2 id="trip-under-way" className="text-lg font-semibold">
        Trip under way
      </h2>
      <p className="text-lg">
        You are due back by <strong>{when(trip.expectedReturnAt)}</strong>
        {trip.spotName ? ` from ${trip.spotName}` : ''}.
      </p>
      {queued ? (
        <p
          role="status"
          className="rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {safetyMessages.offlineQueued}
        </p>
      ) : null}
      {alerted ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-3 font-medium text-red-800 dark:bg-red-950 dark:text-red-100"
        >
          You have not checked in, so your safety contacts who agreed have been alerted. Tap I&apos;m back to
          let them know you are safe.
        </p>
      ) : null}
      {trip.contacts.length ? (
        <ul className="text-sm text-stone-700 dark:text-stone-300">
          {trip.contacts.map((c) => (
            <li key={c.email}>
              {c.email}: {contactState[c.state]}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-stone-700 dark:text-stone-300">
          You named no safety contacts: only you will be reminded.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={onCheckIn} disabled={busy}>
          I&apos;m back
        </Button>
        <Button variant="outline" onClick={() => onExtend(30)} disabled={busy || alerted}>
          Extend by 30 minutes
        </Button>
        <Button variant="outline" onClick={() => onExtend(60)} disabled={busy || alerted}>
          Extend by 60 minutes
        </Button>
      </div>
    </section>
  );
}
