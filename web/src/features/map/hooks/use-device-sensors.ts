/**
 * The device's sensors for AR routes (docs/product/ar-routes.md "Location, camera and compass"): the
 * position, watched once the member grants it; the rear camera at an ideal 1280×720; and the compass
 * heading — `webkitCompassHeading` on iOS (after DeviceOrientationEvent.requestPermission, which iOS allows
 * only from a button press), `deviceorientationabsolute` elsewhere. Each says when it is refused or
 * missing, so the page falls back to the list guidance and nothing depends on AR alone.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { CAMERA_IDEAL } from '@schema/contracts/ar-routes-constants';
import type { GeoPoint } from '@schema/contracts/ar-routes-geo';

export type PositionStatus = 'idle' | 'asking' | 'granted' | 'denied' | 'unavailable';

export function useWatchedPosition() {
  const [status, setStatus] = useState<PositionStatus>('idle');
  const [position, setPosition] = useState<GeoPoint | null>(null);
  const watch = useRef<number | null>(null);

  const request = useCallback(() => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return setStatus('unavailable');
    if (watch.current !== null) return;
    setStatus('asking');
    watch.current = navigator.geolocation.watchPosition(
      (pos) => {
        setStatus('granted');
        setPosition({ lat: pos.coords.latitude, lng: pos.coords.longitude });
      },
      (err) => {
        // A slow or lost fix keeps the watch (and the last position); only a refusal ends it.
        if (err.code !== err.PERMISSION_DENIED) {
          setStatus((s) => (s === 'granted' ? s : 'unavailable'));
          return;
        }
        setStatus('denied');
        if (watch.current !== null) navigator.geolocation.clearWatch(watch.current);
        watch.current = null;
      },
      { enableHighAccuracy: true, maximumAge: 0 },
    );
  }, []);

  useEffect(
    () => () => {
      if (watch.current !== null) navigator.geolocation.clearWatch(watch.current);
    },
    [],
  );
  return { status, position, request };
}

export type CameraStatus = 'off' | 'starting' | 'on' | 'denied';

export function useRearCamera() {
  const [status, setStatus] = useState<CameraStatus>('off');
  const [stream, setStream] = useState<MediaStream | null>(null);

  const stop = useCallback(() => {
    setStream((current) => {
      for (const track of current?.getTracks() ?? []) track.stop();
      return null;
    });
    setStatus('off');
  }, []);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) return setStatus('denied');
    setStatus('starting');
    try {
      const media = await navigator.mediaDevices.getUserMedia({
        video: {
          facingMode: { ideal: 'environment' },
          width: { ideal: CAMERA_IDEAL.width },
          height: { ideal: CAMERA_IDEAL.height },
        },
        audio: false,
      });
      setStream(media);
      setStatus('on');
    } catch {
      setStatus('denied');
    }
  }, []);

  // Leaving the page turns the camera off.
  useEffect(() => () => stream?.getTracks().forEach((t) => t.stop()), [stream]);
  return { status, stream, start, stop };
}

/** iOS 13+: DeviceOrientationEvent.requestPermission exists and must be called from a user gesture. */
interface IosOrientationEvent {
  requestPermission?: () => Promise<'granted' | 'denied'>;
}

// The DOM types lack iOS's static method: read the constructor through the one optional member we use.
const orientationApi = (): IosOrientationEvent | null =>
  typeof window !== 'undefined' && 'DeviceOrientationEvent' in window
    ? (window.DeviceOrientationEvent as unknown as IosOrientationEvent)
    : null;

export function useCompassHeading() {
  const [heading, setHeading] = useState<number | null>(null);
  const [needsPermission] = useState(() => typeof orientationApi()?.requestPermission === 'function');
  const [allowed, setAllowed] = useState(!needsPermission);

  useEffect(() => {
    if (!allowed || typeof window === 'undefined') return;
    const onCompass = (event: Event) => {
      if ('webkitCompassHeading' in event && typeof event.webkitCompassHeading === 'number')
        return setHeading(event.webkitCompassHeading);
      // `alpha` grows anticlockwise; an absolute reading's north is alpha 0.
      if (event instanceof DeviceOrientationEvent && event.absolute && typeof event.alpha === 'number')
        setHeading((360 - event.alpha) % 360);
    };
    window.addEventListener('deviceorientationabsolute', onCompass);
    window.addEventListener('deviceorientation', onCompass);
    return () => {
      window.removeEventListener('deviceorientationabsolute', onCompass);
      window.removeEventListener('deviceorientation', onCompass);
    };
  }, [allowed]);

  /** Call from a button press (iOS refuses otherwise). */
  const request = useCallback(async () => {
    const api = orientationApi();
    if (!api?.requestPermission) return setAllowed(true);
    try {
      setAllowed((await api.requestPermission()) === 'granted');
    } catch {
      setAllowed(false);
    }
  }, []);

  return { heading, needsPermission: needsPermission && !allowed, request };
}
