/**
 * A post's optional picture: the device's own copy while it is not uploaded (written offline), else the
 * server's. A picture that cannot load (offline, not cached) is left out rather than shown broken.
 */
import { useState } from 'react';
import { cn } from '@web/components/ui/cn';
import type { LocalPost } from '@web/db/database';
import { useLocalPhotoUrl } from '@web/sync';

type PictureOf = Pick<LocalPost, 'imageUrl' | 'imageSha256' | 'title'>;

export function PostImage({ post, className }: { post: PictureOf; className?: string }) {
  if (post.imageSha256) return <LocalPostImage post={post} sha256={post.imageSha256} className={className} />;
  return post.imageUrl ? <Img src={post.imageUrl} alt={post.title} className={className} /> : null;
}

function LocalPostImage({
  post,
  sha256,
  className,
}: {
  post: PictureOf;
  sha256: string;
  className?: string | undefined;
}) {
  const local = useLocalPhotoUrl(sha256);
  const src = local ?? post.imageUrl;
  return src ? <Img src={src} alt={post.title} className={className} /> : null;
}

function Img({ src, alt, className }: { src: string; alt: string; className?: string | undefined }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) return null;
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={cn('bg-stone-200 object-cover dark:bg-stone-800', className)}
      onError={() => setFailed(src)}
    />
  );
}
