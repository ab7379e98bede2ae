/**
 * Photos for Share Your Find (docs/product/finds.md#rules-and-messages, docs/product/constants.md#finds: JPG
 * or PNG, at most 5 MB). Phone cameras often produce more: the browser downsizes the picture to fit
 * (createImageBitmap → canvas → JPEG, EXIF orientation applied), so the find is kept; the member is told only
 * when even that cannot fit.
 */
import { MAX_IMAGE_BYTES } from '@schema/contracts/constants';

export const ACCEPTED_PHOTO_TYPES: readonly string[] = ['image/jpeg', 'image/jpg', 'image/png'];
export const PHOTO_ACCEPT_ATTRIBUTE = 'image/jpeg,image/png';

export type PhotoProblem = 'type' | 'size';

export class PhotoError extends Error {
  constructor(readonly problem: PhotoProblem) {
    super(problem === 'type' ? 'Unsupported photo type' : 'Photo too large');
    this.name = 'PhotoError';
  }
}

export interface FittedPhoto {
  blob: Blob;
  mime: 'image/jpeg' | 'image/png';
  /** True when the browser had to shrink it. */
  resized: boolean;
}

/** Longest side tried first, then smaller; each at a few JPEG qualities. */
const SIDES = [4096, 3072, 2560, 2048, 1600, 1280];
const QUALITIES = [0.9, 0.82, 0.72];

function canvasFor(
  width: number,
  height: number,
): { draw: (bitmap: ImageBitmap) => void; encode: (quality: number) => Promise<Blob | null> } {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    return {
      draw: (bitmap) => {
        if (!ctx) throw new PhotoError('size');
        // JPEG has no transparency: a transparent PNG goes on white, not black.
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, width, height);
        ctx.drawImage(bitmap, 0, 0, width, height);
      },
      encode: (quality) => canvas.convertToBlob({ type: 'image/jpeg', quality }),
    };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  return {
    draw: (bitmap) => {
      if (!ctx) throw new PhotoError('size');
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, width, height);
      ctx.drawImage(bitmap, 0, 0, width, height);
    },
    encode: (quality) => new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality)),
  };
}

/** Checks the type and returns a photo within `maxBytes`, downsized when needed. */
export async function fitPhoto(file: Blob, maxBytes = MAX_IMAGE_BYTES): Promise<FittedPhoto> {
  if (!ACCEPTED_PHOTO_TYPES.includes(file.type)) throw new PhotoError('type');
  const mime = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
  if (file.size <= maxBytes) return { blob: file, mime, resized: false };
  if (typeof createImageBitmap !== 'function') throw new PhotoError('size');
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new PhotoError('size');
  }
  try {
    const longest = Math.max(bitmap.width, bitmap.height);
    for (const side of SIDES) {
      const scale = Math.min(1, side / longest);
      const width = Math.max(1, Math.round(bitmap.width * scale));
      const height = Math.max(1, Math.round(bitmap.height * scale));
      const canvas = canvasFor(width, height);
      canvas.draw(bitmap);
      for (const quality of QUALITIES) {
        const blob = await canvas.encode(quality);
        if (blob && blob.size <= maxBytes) return { blob, mime: 'image/jpeg', resized: true };
      }
    }
  } finally {
    bitmap.close();
  }
  throw new PhotoError('size');
}
