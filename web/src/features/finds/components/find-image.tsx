/**
 * A find's photo: the device's own copy while it is not uploaded, otherwise the server's thumbnail or
 * display size (srcset lets the browser choose), and the bundled fallback image when loading fails —
 * offline, or a photo not cached yet (docs/product/finds.md). Its box is sized by the caller (an
 * aspect-ratio class): the server sends no dimensions, and an unsized photo would push the page down as it
 * arrives. How eagerly it loads comes from the grid (image-priority.ts) unless `priority` says.
 */
import { useContext, useState } from 'react';
import { findPhotoSrcset } from '@schema/contracts/find-photos';
import { cn } from '@web/components/ui/cn';
import type { LocalFind } from '@web/db/database';
import { useLocalPhotoUrl } from '@web/sync';
import { ImagePriorityContext, type ImagePriority } from './image-priority';

export const FIND_FALLBACK_IMAGE = '/images/find-fallback.jpg';

export interface FindImageProps {
  find: Pick<LocalFind, 'imageUrl' | 'thumbUrl' | 'imageSha256' | 'title'>;
  variant: 'card' | 'detail';
  sizes?: string;
  className?: string;
  /** 'high': the page's main photo (eager, fetchpriority="high"); default: the grid's, else lazy. */
  priority?: ImagePriority;
}

/** Only a find whose photo is still on the device pays for the IndexedDB lookup. */
export function FindImage(props: FindImageProps) {
  return props.find.imageSha256 ? (
    <LocalFindImage {...props} sha256={props.find.imageSha256} />
  ) : (
    <PhotoImg {...props} local={null} />
  );
}

function LocalFindImage({ sha256, ...props }: FindImageProps & { sha256: string }) {
  return <PhotoImg {...props} local={useLocalPhotoUrl(sha256)} />;
}

function PhotoImg({
  find,
  variant,
  sizes,
  className,
  priority,
  local,
}: FindImageProps & { local: string | null }) {
  const fromGrid = useContext(ImagePriorityContext);
  const urgency = priority ?? fromGrid;
  const remote = variant === 'card' ? find.thumbUrl || find.imageUrl : find.imageUrl;
  const src = local ?? (remote || FIND_FALLBACK_IMAGE);
  const [failed, setFailed] = useState<string | null>(null);
  const broken = failed === src;
  const srcSet = !local && !broken ? findPhotoSrcset(find.thumbUrl, find.imageUrl) : undefined;
  return (
    <img
      src={broken ? FIND_FALLBACK_IMAGE : src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={find.title}
      loading={urgency === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={urgency === 'high' ? 'high' : undefined}
      decoding={urgency === 'high' ? 'auto' : 'async'}
      className={cn('bg-stone-200 object-cover dark:bg-stone-800', className)}
      onError={() => {
        if (!broken && src !== FIND_FALLBACK_IMAGE) setFailed(src);
      }}
    />
  );
}
