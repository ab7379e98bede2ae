/**
 * The photo picker of the find form: checks the type, downsizes a too-large photo in the browser
 * (model/photo.ts), shows a preview, and reads the photo's GPS position to offer as the find spot.
 */
import { ImagePlus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { findMessages } from '@schema/contracts/finds';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { readPhotoPosition, type Position } from '../model/exif';
import { fitPhoto, PHOTO_ACCEPT_ATTRIBUTE, PhotoError, type FittedPhoto } from '../model/photo';

export interface PhotoFieldProps {
  photo: FittedPhoto | null;
  onPhoto: (photo: FittedPhoto | null) => void;
  onPosition: (position: Position | null) => void;
  error: string | null;
  onError: (message: string | null) => void;
  /** Shown when no new photo is chosen (edit: the find's current photo). */
  currentPreview?: React.ReactNode;
  required: boolean;
}

export function PhotoField({
  photo,
  onPhoto,
  onPosition,
  error,
  onError,
  currentPreview,
  required,
}: PhotoFieldProps) {
  const id = useId();
  const [processing, setProcessing] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  // Each preview URL is released when it is replaced or the form closes.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function choose(file: File | undefined) {
    onError(null);
    if (!file) return;
    setProcessing(true);
    try {
      const fitted = await fitPhoto(file);
      onPhoto(fitted);
      setPreview(typeof URL.createObjectURL === 'function' ? URL.createObjectURL(fitted.blob) : null);
      onPosition(await readPhotoPosition(file));
    } catch (err) {
      onPhoto(null);
      setPreview(null);
      const tooLarge = err instanceof PhotoError && err.problem === 'size';
      const title = tooLarge ? findMessages.fileTooLargeTitle : findMessages.invalidFileTypeTitle;
      const message = tooLarge ? findMessages.fileTooLarge : findMessages.invalidFileType;
      onError(message);
      toast({ title, description: message, variant: 'destructive' });
    } finally {
      setProcessing(false);
    }
  }

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>Photo{required ? '' : ' (optional)'}</Label>
      <div className="flex items-center gap-3">
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-dashed border-stone-300 bg-stone-50 dark:border-stone-600 dark:bg-stone-800">
          {processing ? (
            <Spinner label="Preparing photo…" />
          ) : photo && preview ? (
            <img src={preview} alt="Your find, as it will be uploaded" className="size-full object-cover" />
          ) : (
            (currentPreview ?? <ImagePlus className="size-8 text-stone-400" aria-hidden="true" />)
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <input
            id={id}
            type="file"
            accept={PHOTO_ACCEPT_ATTRIBUTE}
            className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-lime-800 file:px-4 file:font-medium file:text-white hover:file:bg-lime-700"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : (
            <p id={`${id}-hint`} className="text-sm text-stone-600 dark:text-stone-400">
              {photo?.resized
                ? 'Your photo was resized to fit 5 MB.'
                : 'JPG or PNG. Larger photos are resized for you.'}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
