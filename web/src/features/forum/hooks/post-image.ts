/**
 * The optional picture of a new post (PROTOCOL.md S23). Online it is uploaded first with
 * POST /api/upload-image and the post names the URL that answered; if that upload fails the post is created
 * without it (docs/product/forum.md#errors 'Image upload failed'). Offline it is kept on the device as a blob
 * and uploaded by the sync engine before the post.
 */
import { UPLOADED_IMAGE_URL } from '@schema/contracts/forum-constants';
import type { PostPicture } from './forum-writes';

export type PictureOutcome = { picture: PostPicture; uploadFailed: boolean };

export async function uploadPostImage(file: Blob, fetchImpl: typeof fetch = fetch): Promise<string> {
  const body = new FormData();
  body.append('image', file, file instanceof File ? file.name : 'image');
  const res = await fetchImpl('/api/upload-image', {
    method: 'POST',
    body,
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`${res.status}: upload failed`);
  const data: unknown = await res.json();
  const url = typeof data === 'object' && data !== null && 'imageUrl' in data ? data.imageUrl : undefined;
  if (typeof url !== 'string' || !UPLOADED_IMAGE_URL.test(url))
    throw new Error('Unexpected answer to an image upload');
  return url;
}

/** Decides how the picture travels: uploaded now when online, otherwise queued with the post. */
export async function preparePicture(
  file: File | null,
  online: boolean,
  fetchImpl: typeof fetch = fetch,
): Promise<PictureOutcome> {
  if (!file) return { picture: null, uploadFailed: false };
  if (!online) return { picture: { kind: 'local', blob: file, mime: file.type }, uploadFailed: false };
  try {
    return {
      picture: { kind: 'uploaded', imageUrl: await uploadPostImage(file, fetchImpl) },
      uploadFailed: false,
    };
  } catch {
    return { picture: null, uploadFailed: true };
  }
}
