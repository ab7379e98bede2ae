/**
 * What each content page asks for ahead of the app's code on a first visit (docs/architecture.md "First
 * paint"): its route's chunks and, for the finds pages, the photo that will be its largest paint. Photos are
 * looked up as an anonymous visitor sees them, through the same service functions as the REST answers, so a
 * hint never names anything the public could not read. Only same-origin photo URLs are hinted (the CSP's
 * img-src, and no request to another host). Route paths: web/src/app/routes.tsx.
 */
import {
  FIND_CARD_IMAGE_SIZES,
  FIND_DETAIL_IMAGE_SIZES,
  findPhotoSrcset,
} from '@schema/contracts/find-photos';
import type { Find } from '@schema/contracts/finds';
import type { Store } from './lib/db';
import { HttpError } from './lib/errors';
import type { ImageHint, PageHints, PageHintSource } from './lib/page-hints';
import { parseIdParam } from './lib/validate';
import { getFind, listFinds } from './features/finds/service';

const FINDS_MODULE = 'src/features/finds/index.ts';
const FORUM_MODULE = 'src/features/forum/index.ts';
const ANONYMOUS = null;

const sameOrigin = (url: string) => url.startsWith('/') && !url.startsWith('//');

/** The photo as FindImage (web/src/features/finds/components/find-image.tsx) asks for it. */
function findPhoto(find: Find, variant: 'card' | 'detail'): ImageHint[] {
  const href = variant === 'card' ? find.thumbUrl || find.imageUrl : find.imageUrl;
  if (!href || !sameOrigin(href)) return [];
  const srcset = sameOrigin(find.thumbUrl) ? findPhotoSrcset(find.thumbUrl, find.imageUrl) : undefined;
  const sizes = variant === 'card' ? FIND_CARD_IMAGE_SIZES : FIND_DETAIL_IMAGE_SIZES;
  return [{ href, srcset, sizes }];
}

/** The gallery's first card: the newest find (the REST list's first row, newest first). */
async function galleryHints(store: Store): Promise<PageHints> {
  const [newest] = await listFinds(store, ANONYMOUS, { before: null, limit: 1 });
  return { modules: [FINDS_MODULE], images: newest ? findPhoto(newest, 'card') : [] };
}

async function findHints(store: Store, rawRef: string): Promise<PageHints> {
  let find: Find | null = null;
  try {
    find = await getFind(store, parseIdParam(rawRef), ANONYMOUS);
  } catch (err) {
    // No such find, or an address that is not an id: the page says so, with no photo to ask for.
    if (!(err instanceof HttpError)) throw err;
  }
  return { modules: [FINDS_MODULE], images: find ? findPhoto(find, 'detail') : [] };
}

export function firstVisitHints(store: Store): PageHintSource {
  return async (urlPath) => {
    const segments = urlPath.split('/').filter(Boolean);
    const [section, second, third] = segments;
    if (section === 'finds' && segments.length === 1) return galleryHints(store);
    if (section === 'finds' && segments.length === 2 && second) return findHints(store, second);
    if (section === 'forum' && segments.length === 1) return { modules: [FORUM_MODULE], images: [] };
    if (section === 'forum' && second === 'post' && third && segments.length === 3)
      return { modules: [FORUM_MODULE], images: [] };
    return null;
  };
}
