/** The rear camera's picture with the guidance overlay on top (docs/product/ar-routes.md "Camera"). */
import { useEffect, useRef, type ReactNode } from 'react';

export function CameraView({ stream, children }: { stream: MediaStream; children: ReactNode }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    el.srcObject = stream;
    void el.play().catch(() => undefined);
  }, [stream]);
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-black">
      <video ref={video} className="h-full w-full object-cover" muted playsInline aria-label="Camera view" />
      {children}
    </div>
  );
}
