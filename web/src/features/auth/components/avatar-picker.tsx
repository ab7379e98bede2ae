/**
 * Optional profile picture: a camera button over a preview, images only (docs/product/accounts.md#screens,
 * #rules-and-messages).
 */
import { Camera, X } from 'lucide-react';
import { useId, useRef, type ChangeEvent } from 'react';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { checkImageFile, imageMessages, readAsDataUrl } from '../model/files';

export interface PickedPicture {
  file: File;
  /** A data URL, so the preview works under the CSP and without object-URL cleanup. */
  preview: string;
}

export interface AvatarPickerProps {
  username: string;
  /** The current avatar shown when nothing is picked. */
  currentUrl?: string | null;
  picked: PickedPicture | null;
  onChange: (picked: PickedPicture | null) => void;
  disabled?: boolean;
  label?: string;
}

export function AvatarPicker({
  username,
  currentUrl,
  picked,
  onChange,
  disabled,
  label = 'Profile picture',
}: AvatarPickerProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Clearing the value lets the member pick the same file again after removing it.
    event.target.value = '';
    if (!file) return;
    const check = checkImageFile(file);
    if (!check.ok) {
      toast({ title: check.title, description: check.description, variant: 'destructive' });
      return;
    }
    try {
      onChange({ file, preview: await readAsDataUrl(file) });
    } catch {
      // A file that claims to be an image but cannot be read is treated like any other non-image.
      toast({
        title: imageMessages.invalidTitle,
        description: imageMessages.invalidDescription,
        variant: 'destructive',
      });
    }
  }

  return (
    <div className="flex flex-col items-center gap-2">
      <div className="relative">
        {picked ? (
          <img
            src={picked.preview}
            alt="Your new avatar (preview)"
            className="size-24 rounded-full object-cover"
          />
        ) : (
          <UserAvatar username={username || '?'} avatarUrl={currentUrl} size="xl" label="Your avatar" />
        )}
        <Button
          variant="outline"
          size="icon"
          className="absolute -bottom-1 -right-1 rounded-full"
          aria-label={picked ? 'Change profile picture' : 'Choose profile picture'}
          disabled={disabled}
          onClick={() => inputRef.current?.click()}
        >
          <Camera aria-hidden="true" />
        </Button>
      </div>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        onChange={onFile}
        disabled={disabled}
      />
      {picked ? (
        <Button variant="ghost" size="sm" onClick={() => onChange(null)} disabled={disabled}>
          <X aria-hidden="true" /> Remove picture
        </Button>
      ) : (
        <p className="text-sm text-stone-600 dark:text-stone-400">{label} (optional)</p>
      )}
    </div>
  );
}
