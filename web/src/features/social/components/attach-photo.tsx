/**
 * Choosing a message's photo (docs/product/social.md "Messages"): a picture from the device — kept on it
 * and sent with the message, offline too — or the photo of one of the member's own finds that the server
 * already holds (shared by reference). One photo per message; the chosen one shows small with Remove.
 */
import { useRef, useState } from 'react';
import { ImagePlus, Images, X } from 'lucide-react';
import { messageMessages } from '@schema/contracts/messages-constants';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { useShareableFinds, type MessagePhoto } from '../hooks/messages';

function FindPicker({ userId, onPick }: { userId: number; onPick(photo: MessagePhoto): void }) {
  const finds = useShareableFinds(userId);
  if (finds.state === 'loading') return <Spinner />;
  if (finds.state === 'error') return <p role="alert">{messageMessages.conversationsError}</p>;
  if (finds.value.length === 0)
    return <p className="text-stone-600 dark:text-stone-400">{messageMessages.noFindsToShare}</p>;
  return (
    <ul className="grid max-h-[60vh] grid-cols-2 gap-2 overflow-y-auto sm:grid-cols-3">
      {finds.value.map((find) => (
        <li key={find.uid}>
          <button
            type="button"
            className="flex w-full flex-col gap-1 rounded-lg p-1 text-left text-sm hover:bg-stone-100 focus-visible:outline-2 dark:hover:bg-stone-800"
            onClick={() =>
              onPick({ kind: 'find', findUid: find.uid, url: find.imageUrl, thumbUrl: find.thumbUrl || null })
            }
          >
            <img
              src={find.thumbUrl || find.imageUrl}
              alt=""
              loading="lazy"
              className="aspect-square w-full rounded object-cover"
            />
            <span className="line-clamp-2">{find.title}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export interface AttachPhotoProps {
  userId: number;
  photo: MessagePhoto | null;
  onChange(photo: MessagePhoto | null): void;
}

export function AttachPhoto({ userId, photo, onChange }: AttachPhotoProps) {
  const input = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  function pickFile(file: File | undefined) {
    if (!file || !file.type.startsWith('image/')) return;
    setPreview(typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);
    onChange({ kind: 'device', data: file, mime: file.type });
  }
  function remove() {
    if (preview) URL.revokeObjectURL(preview);
    setPreview(null);
    if (input.current) input.current.value = '';
    onChange(null);
  }
  const shown = photo?.kind === 'find' ? (photo.thumbUrl ?? photo.url) : preview;

  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        ref={input}
        id="message-photo"
        type="file"
        accept="image/*"
        className="sr-only"
        aria-label={messageMessages.attachPhoto}
        onChange={(e) => pickFile(e.target.files?.[0])}
      />
      {photo ? (
        <div className="flex items-center gap-2">
          {shown ? (
            <img src={shown} alt="" data-testid="attached-photo" className="size-14 rounded object-cover" />
          ) : null}
          <Button type="button" variant="ghost" size="sm" onClick={remove}>
            <X aria-hidden="true" />
            {messageMessages.removePhoto}
          </Button>
        </div>
      ) : (
        <>
          <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()}>
            <ImagePlus aria-hidden="true" />
            {messageMessages.attachPhoto}
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => setPicking(true)}>
            <Images aria-hidden="true" />
            {messageMessages.shareFind}
          </Button>
        </>
      )}
      <Dialog open={picking} onOpenChange={setPicking}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>{messageMessages.shareFind}</DialogTitle>
            <DialogDescription>Send the photo of one of your finds.</DialogDescription>
          </DialogHeader>
          {picking ? (
            <FindPicker
              userId={userId}
              onPick={(picked) => {
                onChange(picked);
                setPicking(false);
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
