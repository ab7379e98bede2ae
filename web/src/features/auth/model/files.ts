/** Picture handling shared by Sign Up and Edit Profile: images only (spec 1 §5 Profile picture). */
import { authMessages } from '@schema/contracts/auth';
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
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Unreadable file')));
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable file'));
    reader.readAsDataURL(file);
  });
}
