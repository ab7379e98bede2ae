/**
 * A message's photo in the thread (docs/product/social.md "Messages"): while the message waits to be sent
 * the picture comes from the device (its bytes in `blobs`); afterwards from the server — a private photo's
 * address answers only the two members, with their session, and is not kept for offline reading (a shared
 * device keeps no one's private photos after sign-out, docs/privacy.md), so offline it says it will show
 * when back online. A find's photo links to the full picture the same way.
 */
import { useState } from 'react';
import { ImageOff } from 'lucide-react';
import { messageMessages } from '@schema/contracts/messages-constants';
import type { LocalMessage } from '@web/db/database';
import { useLocalPhotoUrl } from '@web/sync';

export function MessagePhoto({ message }: { message: LocalMessage }) {
  const local = useLocalPhotoUrl(message.attachmentSha256);
  const [failed, setFailed] = useState(false);
  const full = message.attachmentUrl ?? null;
  const src = local ?? message.attachmentThumbUrl ?? full;
  const alt = message.messageType === 'find' ? messageMessages.findPhotoAlt : messageMessages.photoAlt;
  if (!src) return null;
  if (failed && !local)
    return (
      <p className="flex items-center gap-1 text-sm text-stone-600 dark:text-stone-400">
        <ImageOff className="size-4" aria-hidden="true" />
        {messageMessages.photoOffline}
      </p>
    );
  const image = (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="max-h-64 w-auto max-w-full rounded-lg object-cover"
    />
  );
  return full && !local ? (
    <a href={full} target="_blank" rel="noopener" className="block">
      {image}
    </a>
  ) : (
    image
  );
}
