/**
 * Following one route (docs/product/ar-routes.md "Guidance", "Camera", "Completing and rating"): the camera
 * off → on → Stop Camera (rear, ideal 1280×720; 'Camera access required' when refused), the compass (a
 * button asks on iOS), the AR overlay over the camera, and always the list guidance with bearings and a
 * small map, so a desktop or a refused permission still guides. Each position advances the walk; reaching
 * the last point completes it once, and `onComplete` records it.
 */
import { Camera, CameraOff, Compass } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { advanceWalk, type GeoPoint } from '@schema/contracts/ar-routes-geo';
import { routeMessages as m } from '@schema/contracts/ar-routes-constants';
import { Button } from '@web/components/ui/button';
import { useCompassHeading, useRearCamera } from '../../hooks/use-device-sensors';
import type { ArRoute } from '../../model/routes/recommend';
import { CameraView } from './camera-view';
import { GuidanceList, GuidanceOverlay, type Walk } from './route-guidance';
import { RouteMap } from './route-map';

const START: Walk = { next: 0, completed: false };

export function RouteFollow({
  route,
  position,
  onComplete,
  completion,
}: {
  route: ArRoute;
  position: GeoPoint;
  onComplete: (route: ArRoute) => void;
  /** What to show once completed (the rating, or why a sample is not recorded). */
  completion: ReactNode;
}) {
  const camera = useRearCamera();
  const compass = useCompassHeading();
  // The walk follows the position (state derived while rendering, React's pattern for it); choosing
  // another route starts from its first point.
  const [tracked, setTracked] = useState<{ id: string; walk: Walk; at: GeoPoint | null }>({
    id: route.id,
    walk: START,
    at: null,
  });
  if (tracked.id !== route.id || tracked.at !== position) {
    const base = tracked.id === route.id ? tracked.walk : START;
    setTracked({ id: route.id, walk: advanceWalk(route.points, base, position), at: position });
  }
  const walk = tracked.id === route.id ? tracked.walk : START;
  const reported = useRef<string | null>(null);

  useEffect(() => {
    if (!walk.completed || reported.current === route.id) return;
    reported.current = route.id;
    onComplete(route);
  }, [walk.completed, route, onComplete]);

  return (
    <section className="flex flex-col gap-4" aria-labelledby="follow-heading">
      <h2 id="follow-heading" className="text-xl font-semibold">
        Following: {route.name}
      </h2>
      <div className="flex flex-wrap gap-2">
        {camera.status === 'on' ? (
          <Button variant="outline" onClick={camera.stop}>
            <CameraOff aria-hidden="true" /> Stop Camera
          </Button>
        ) : (
          <Button onClick={() => void camera.start()} disabled={camera.status === 'starting'}>
            <Camera aria-hidden="true" /> Start Camera
          </Button>
        )}
        {compass.needsPermission ? (
          <Button variant="outline" onClick={() => void compass.request()}>
            <Compass aria-hidden="true" /> Enable compass
          </Button>
        ) : null}
      </div>
      {camera.status === 'denied' ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800 dark:bg-red-950 dark:text-red-200">
          <strong>{m.cameraRequired}</strong> — allow the camera in your browser to see the route over it. The
          list and the map below guide you without it.
        </p>
      ) : null}
      {walk.completed ? (
        <div
          role="status"
          className="rounded-md bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100"
        >
          <p className="font-semibold">{m.completed}</p>
          {completion}
        </div>
      ) : camera.status === 'on' && camera.stream ? (
        <CameraView stream={camera.stream}>
          <GuidanceOverlay route={route} walk={walk} position={position} heading={compass.heading} />
        </CameraView>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <GuidanceList route={route} walk={walk} position={position} />
        <RouteMap
          points={route.points}
          me={position}
          next={walk.completed ? undefined : walk.next}
          label={`Map of ${route.name}`}
        />
      </div>
    </section>
  );
}
