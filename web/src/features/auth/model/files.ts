/**
 * Picture handling shared by Sign Up and Edit Profile: images only
 * (docs/product/accounts.md#rules-and-messages "Profile picture").
 */
import { authMessages } from '@schema/contracts/auth-constants';
import { MAX_IMAGE_BYTES } from '@schema/contracts/constants';

export const imageMessages = {
  invalidTitle: authMessages.invalidFileType,
  invalidDescription: authMessages.selectImageFile,
  tooLargeTitle: 'File too large',
  tooLargeDescription: 'Please select an image smaller than 5MB',
} as const;

export type ImageCheck = { ok: true } | { ok: false; title: string; description: string };

export function checkImageFile(file: Pick<File, 'type' | 'size'>): ImageCheck {
  if (!file.type.startsWith('image/')) {
    return { ok: false, title: imageMessages.invalidTitle, description: imageMessages.invalidDescription };
  }
  // The server refuses larger uploads (413); saying so before sending saves a wasted upload.
  if (file.size > MAX_IMAGE_BYTES) {
    return { ok: false, title: imageMessages.tooLargeTitle, description: imageMessages.tooLargeDescription };
  }
  return { ok: true };
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Unreadable file'));
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable file'));
    reader.readAsDataURL(file);
  });
}

/** Register sends the picture inline as JSON, and the server caps JSON bodies at 1 MB. */
const AVATAR_EDGE_PX = 256;
const MAX_INLINE_CHARS = 700 * 1024;

async function downscale(src: string, edge: number): Promise<string> {
  const img = new Image();
  img.src = src;
  await img.decode();
  const scale = Math.min(1, edge / Math.max(img.naturalWidth, img.naturalHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No canvas');
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  // PNG keeps transparency; at 256 px it stays far below the JSON limit.
  return canvas.toDataURL('image/png');
}

/**
 * The sign-up picture as a small data URL. Where the browser cannot shrink it, the original is sent if it
 * fits; otherwise none is sent and the server's generated avatar is used (a failed avatar never blocks sign-up).
 */
export async function avatarDataUrl(file: File): Promise<string | undefined> {
  const original = await readAsDataUrl(file);
  try {
    return await downscale(original, AVATAR_EDGE_PX);
  } catch {
    return original.length <= MAX_INLINE_CHARS ? original : undefined;
  }
}
