/**
 * /safety — Safe return (docs/notifications.md "Safe return"): start a lone detecting trip, or, while one
 * is under way, see when you are due and check in or extend it. Works offline: everything is a local write
 * pushed when there is signal, and a trip started offline says that its timer runs only once it reaches
 * the server. `/safety?checkin=1` (the reminder's "I'm back") checks the trip in as the page opens.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TripCreateInput } from '@schema/contracts/safety';
import { SignInLink } from '@web/components/sign-in-link';
import { PageContainer, PageHeader } from '@web/components/ui/page-header';
import { toast } from '@web/components/ui/toast';
import { useCurrentUser } from '@web/db/current-user';
import type { LocalSafetyTrip } from '@web/db/database';
import { TripForm } from '../components/trip-form';
import { TripUnderWay } from '../components/trip-under-way';
import {
  checkIn,
  extendTrip,
  sharePosition,
  startTrip,
  useCurrentTrip,
  useMySpots,
  useStartQueued,
} from '../hooks/trips';

const FAILED = 'Could not save that on this device. Please try again.';
const WELCOME_BACK = 'Welcome back! Your trip has ended.';
/** How often an open page sends the phone's position for a trip that shares it. */
const POSITION_EVERY_MS = 10 * 60_000;

/** While the page is open, the phone's position now and then, for a trip that shares it. */
function useSharedPosition(trip: LocalSafetyTrip | null) {
  const uid = trip && trip.shareLastPosition && trip.state !== 'back' ? trip.uid : null;
  const tripRef = useRef(trip);
  useEffect(() => {
    tripRef.current = trip;
  });
  useEffect(() => {
    if (uid === null || !('geolocation' in navigator)) return;
    const send = () =>
      navigator.geolocation.getCurrentPosition(
        (p) => {
          const current = tripRef.current;
          if (current?.uid === uid)
            void sharePosition(current, { latitude: p.coords.latitude, longitude: p.coords.longitude });
        },
        () => undefined,
        { enableHighAccuracy: true, timeout: 30_000, maximumAge: 5 * 60_000 },
      );
    send();
    const timer = setInterval(send, POSITION_EVERY_MS);
    return () => clearInterval(timer);
  }, [uid]);
}

export function SafetyPage() {
  const { user, loading } = useCurrentUser();
  const userId = user?.id ?? null;
  const current = useCurrentTrip(userId);
  const spots = useMySpots(userId);
  const trip = current.state === 'ready' ? current.value : null;
  const queued = useStartQueued(trip?.uid ?? null);
  const [busy, setBusy] = useState(false);
  const [params, setParams] = useSearchParams();
  useSharedPosition(trip);

  async function act(work: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await work();
      toast({ title: done });
    } catch {
      toast({ title: FAILED, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  // The reminder's "I'm back" opens /safety?checkin=1: check in once the trip is read, then drop the flag.
  const wantsCheckIn = params.get('checkin') === '1';
  useEffect(() => {
    // Not before the session is read: signed-in-ness unknown is not "no trip".
    if (!wantsCheckIn || loading || current.state !== 'ready') return;
    setParams({}, { replace: true });
    const open = current.value;
    if (open)
      checkIn(open).then(
        () => toast({ title: WELCOME_BACK }),
        () => toast({ title: FAILED, variant: 'destructive' }),
      );
  }, [wantsCheckIn, loading, current, setParams]);

  const header = (
    <PageHeader
      title="Safe return"
      description="Going detecting alone? Tell us when you expect to be back. If you have not checked in by then, we remind you, and a little later we alert the contacts you chose."
    />
  );

  if (loading || (userId !== null && current.state === 'loading'))
    return (
      <PageContainer className="flex max-w-2xl flex-col gap-6">
        {header}
        <p role="status">Loading your trips…</p>
      </PageContainer>
    );

  if (userId === null)
    return (
      <PageContainer className="flex max-w-2xl flex-col gap-6">
        {header}
        <p>Sign in to start a detecting trip.</p>
        <SignInLink />
      </PageContainer>
    );

  if (current.state === 'error')
    return (
      <PageContainer className="flex max-w-2xl flex-col gap-6">
        {header}
        <p role="alert">Could not read your trips on this device. Please reload the page.</p>
      </PageContainer>
    );

  const start = (input: TripCreateInput, spotName: string | null) =>
    act(() => startTrip(userId, input, spotName), 'Trip started. Have a good dig!');

  return (
    <PageContainer className="flex max-w-2xl flex-col gap-6">
      {header}
      {trip ? (
        <TripUnderWay
          trip={trip}
          queued={queued}
          busy={busy}
          onCheckIn={() => void act(() => checkIn(trip), WELCOME_BACK)}
          onExtend={(minutes) => void act(() => extendTrip(trip, minutes), `Extended by ${minutes} minutes.`)}
        />
      ) : (
        <section
          aria-labelledby="start-trip"
          className="flex flex-col gap-4 rounded-xl border border-stone-200 p-4 dark:border-stone-700"
        >
          <h2 id="start-trip" className="text-lg font-semibold">
            Start a detecting trip
          </h2>
          <p className="text-sm text-stone-700 dark:text-stone-300">No trip under way.</p>
          <TripForm spots={spots.state === 'ready' ? spots.value : []} onStart={start} />
        </section>
      )}
    </PageContainer>
  );
}
