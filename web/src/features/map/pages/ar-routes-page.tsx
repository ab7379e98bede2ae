/**
 * /ar-routes, 'AR Route Recommendations' (docs/product/ar-routes.md). Location first ('Location needed'
 * until granted), which loads the recommendations: the three sample routes placed around the member, the
 * public routes near them (REST when online, kept on the device) and their own, filtered by their
 * preferences and nearest first. Choosing one follows it (camera overlay, list and map guidance);
 * completing a community or own route queues the walk (offline too) and offers a 1–5 rating. Members
 * create routes here from the map or their spots.
 */
import { MapPin, Plus, SlidersHorizontal } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { RouteCreateInput, RoutePreferences } from '@schema/contracts/ar-routes';
import { routeMessages as m } from '@schema/contracts/ar-routes-constants';
import { Button } from '@web/components/ui/button';
import { ConfirmDeleteDialog } from '@web/components/ui/confirm-delete-dialog';
import { PageContainer, PageHeader } from '@web/components/ui/page-header';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast-store';
import { useCurrentUser } from '@web/db/current-user';
import { ApiError } from '@web/lib/api';
import { PreferencesPanel } from '../components/routes/preferences-panel';
import { RateRoute } from '../components/routes/rate-route';
import { RouteFollow } from '../components/routes/route-follow';
import { RouteForm } from '../components/routes/route-form';
import { RouteList } from '../components/routes/route-list';
import {
  loadPreferences,
  refreshNearbyRoutes,
  savePreferences,
  useHeldRoutes,
  useMyCompletions,
  useStoredPreferences,
} from '../hooks/ar-route-data';
import {
  createRoute,
  deleteRoute,
  rateCompletion,
  recordCompletion,
  shareRoute,
} from '../hooks/ar-route-writes';
import { useWatchedPosition } from '../hooks/use-device-sensors';
import { useSpots } from '../hooks/use-spots';
import { recommend, type ArRoute } from '../model/routes/recommend';

/** 'idle': not asked yet — shown as loading while online, as offline otherwise. */
type Remote = 'idle' | 'ready' | 'offline' | 'error';

export function ArRoutesPage() {
  const { user } = useCurrentUser();
  const viewerId = user?.id ?? null;
  const location = useWatchedPosition();
  const held = useHeldRoutes();
  const completions = useMyCompletions(viewerId);
  const stored = useStoredPreferences(viewerId);
  const spots = useSpots();
  const [localPrefs, setLocalPrefs] = useState<RoutePreferences | null>(null);
  const [remote, setRemote] = useState<Remote>('idle');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [showPrefs, setShowPrefs] = useState(false);
  const [creating, setCreating] = useState(false);
  const [saving, setSaving] = useState(false);
  const [walkUid, setWalkUid] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ArRoute | null>(null);
  const prefs = localPrefs ?? stored;
  const remoteShown = remote === 'idle' ? (navigator.onLine ? 'loading' : 'offline') : remote;
  const position = location.position;
  const located = position !== null;

  // The recommendations load once the position is known: public routes near it, kept for offline.
  useEffect(() => {
    if (!located || !position || !navigator.onLine) return;
    refreshNearbyRoutes(position).then(
      () => setRemote('ready'),
      (err: unknown) => setRemote(err instanceof ApiError && err.isNetwork ? 'offline' : 'error'),
    );
    // Only the first fix: walking along a route should not re-read the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [located]);

  useEffect(() => {
    if (user && navigator.onLine) void loadPreferences(user).catch(() => undefined);
  }, [user]);

  const routes = useMemo(
    () => (position && held.state === 'ready' ? recommend(position, held.value, viewerId, prefs) : []),
    [position, held, viewerId, prefs],
  );
  const selected = routes.find((r) => r.id === selectedId) ?? null;
  const walk = completions.find((c) => c.uid === walkUid) ?? null;

  const onComplete = useCallback(
    (route: ArRoute) => {
      toast({ title: m.completed, description: route.name });
      if (user && route.source !== 'sample') void recordCompletion(user, route.id).then(setWalkUid);
    },
    [user],
  );

  const save = async (next: RoutePreferences) => {
    setLocalPrefs(next);
    if (!user) return;
    setSaving(true);
    try {
      await savePreferences(user, next);
      toast({ title: 'Preferences saved' });
    } catch {
      toast({
        title: 'Preferences saved on this device',
        description: 'They reach your account when you are online.',
      });
    } finally {
      setSaving(false);
    }
  };

  const create = async (input: RouteCreateInput) => {
    if (!user) return;
    await createRoute(user, input);
    setCreating(false);
    toast({
      title: m.created,
      description: input.isPublic ? 'Shared with the community.' : 'Private - only visible to you',
    });
  };

  return (
    <PageContainer className="flex flex-col gap-6">
      <PageHeader
        title="AR Route Recommendations"
        description="Historic routes near you, with directions over your camera — or as a list and a map when there is no camera or compass."
        actions={
          user ? (
            <Button onClick={() => setCreating((c) => !c)} aria-expanded={creating}>
              <Plus aria-hidden="true" /> Create Route
            </Button>
          ) : null
        }
      />
      {creating && user ? (
        <RouteForm
          spots={spots.state === 'ready' ? spots.value.filter((s) => s.userId === viewerId) : []}
          near={position}
          onSave={create}
          onCancel={() => setCreating(false)}
        />
      ) : null}
      {!located ? (
        <section className="flex flex-col items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-6 dark:border-amber-700 dark:bg-amber-950">
          <h2 className="text-xl font-semibold">{m.locationNeeded}</h2>
          <p>
            {location.status === 'denied'
              ? 'Location access was refused. Allow it for this site in your browser settings, then try again.'
              : location.status === 'unavailable'
                ? 'Your position could not be found. Check that location services are on, then try again.'
                : 'Routes are recommended around where you are. Your position stays on this device.'}
          </p>
          <Button onClick={location.request} disabled={location.status === 'asking'}>
            <MapPin aria-hidden="true" /> {location.status === 'asking' ? 'Finding you…' : 'Allow location'}
          </Button>
        </section>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-xl font-semibold">Recommended routes</h2>
            <Button variant="outline" onClick={() => setShowPrefs((s) => !s)} aria-expanded={showPrefs}>
              <SlidersHorizontal aria-hidden="true" /> Preferences
            </Button>
          </div>
          {showPrefs ? (
            <div className="flex flex-col gap-2">
              {!user ? <p className="text-sm">{m.loginForPreferences}</p> : null}
              <PreferencesPanel
                key={viewerId ?? 'guest'}
                value={prefs}
                onSave={(p) => void save(p)}
                saving={saving}
              />
            </div>
          ) : null}
          {remoteShown === 'loading' ? <Spinner label="Looking for community routes near you" /> : null}
          {remoteShown === 'offline' ? (
            <p className="text-sm text-stone-600 dark:text-stone-300">
              You are offline: showing the sample routes and the routes kept on this device.
            </p>
          ) : null}
          {remoteShown === 'error' ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              Community routes could not be loaded. The sample routes and your own are below.
            </p>
          ) : null}
          {held.state !== 'ready' ? (
            <Spinner label="Loading routes" />
          ) : routes.length === 0 ? (
            <p>No routes match your preferences. Widen them to see more.</p>
          ) : (
            <RouteList
              routes={routes}
              selectedId={selectedId}
              onSelect={setSelectedId}
              onShare={user ? (r, isPublic) => void shareRoute(user, r.id, isPublic) : undefined}
              onDelete={setDeleting}
              viewerId={user?.id ?? null}
            />
          )}
          {selected && position ? (
            <RouteFollow
              route={selected}
              position={position}
              onComplete={onComplete}
              completion={
                selected.source === 'sample' ? (
                  <p>
                    Sample routes are not recorded. Create your own or follow a community route to count it.
                  </p>
                ) : !user ? (
                  <p>Sign in to record your completed routes.</p>
                ) : walk ? (
                  <div className="flex flex-col gap-1">
                    <p>Rate this route:</p>
                    <RateRoute value={walk.rating} onRate={(n) => void rateCompletion(user, walk.uid, n)} />
                  </div>
                ) : null
              }
            />
          ) : null}
        </>
      )}
      <ConfirmDeleteDialog
        open={deleting !== null}
        title="Delete Route"
        description={`Delete "${deleting?.name ?? ''}"? Members who kept it will no longer see it.`}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (user && deleting) await deleteRoute(user, deleting.id);
          if (deleting?.id === selectedId) setSelectedId(null);
          setDeleting(null);
          toast({ title: 'Route deleted' });
        }}
      />
    </PageContainer>
  );
}
