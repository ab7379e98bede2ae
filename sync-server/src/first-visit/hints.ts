/**
 * What each content page asks for ahead of the app's code on a first visit (docs/architecture.md "First
 * paint"): its route's chunks, for the finds pages the photo that will be its largest paint, and the page's
 * first look for the static shell (finds-preview.ts, forum-preview.ts; the community pages in
 * community-hints.ts). Records are looked up as an
 * anonymous visitor sees them, through the same service functions as the REST answers, so neither ever
 * shows anything the public could not read. A page asked for with a query (a filter, a search, a dialog to
 * open) gets no first look: the unfiltered one would not be the page the app then shows. Only same-origin
 * photos are hinted (the CSP's img-src, and no request to another host). Route paths: web/src/app/routes.tsx.
 */
import {
  FIND_CARD_IMAGE_SIZES,
  FIND_DETAIL_IMAGE_SIZES,
  findPhotoSrcset,
} from '@schema/contracts/find-photos';
import type { Find } from '@schema/contracts/finds';
import type { Store } from '../lib/db';
import type { ImageHint, PageHints, PageHintSource } from '../lib/page-hints';
import { parseIdParam } from '../lib/validate';
import { getFind, listFinds } from '../features/finds/service';
import { topPosters } from '../features/achievements/badges';
import { getPost, listPosts } from '../features/forum/posts-service';
import { findPreview, galleryPreview, PREVIEW_FINDS } from './finds-preview';
import { forumPreview, postPagePreview, PREVIEW_POSTS } from './forum-preview';
import { communityHints } from './community-hints';
import { sameOrigin } from './markup';
import { ANONYMOUS, recordOrNull, shownToVisitor } from './read-record';

const FINDS_MODULE = 'src/features/finds/index.ts';
const FORUM_MODULE = 'src/features/forum/index.ts';

/** The photo as FindImage (web/src/features/finds/components/find-image.tsx) asks for it. */
function findPhoto(find: Find, variant: 'card' | 'detail'): ImageHint[] {
  const href = variant === 'card' ? find.thumbUrl || find.imageUrl : find.imageUrl;
  if (!href || !sameOrigin(href)) return [];
  const srcset = sameOrigin(find.thumbUrl) ? findPhotoSrcset(find.thumbUrl, find.imageUrl) : undefined;
  const sizes = variant === 'card' ? FIND_CARD_IMAGE_SIZES : FIND_DETAIL_IMAGE_SIZES;
  return [{ href, srcset, sizes }];
}

/** The gallery's first cards: the newest finds (the REST list's first page, newest first). */
async function galleryHints(store: Store, withPreview: boolean): Promise<PageHints> {
  const newest = (await listFinds(store, ANONYMOUS, { before: null, limit: PREVIEW_FINDS })).slice(
    0,
    PREVIEW_FINDS,
  );
  const first = newest[0];
  return {
    modules: [FINDS_MODULE],
    images: first ? findPhoto(first, 'card') : [],
    preview: withPreview ? galleryPreview(newest) : '',
  };
}

/** The forum's Recent Posts, newest first, as the REST list's first page. */
async function forumHints(store: Store, withPreview: boolean): Promise<PageHints> {
  const posts = withPreview
    ? (await listPosts(store, { sort: 'recent', after: null, limit: PREVIEW_POSTS })).slice(0, PREVIEW_POSTS)
    : [];
  const preview = posts.length > 0 ? forumPreview(posts, await topPosters(store)) : '';
  return { modules: [FORUM_MODULE], images: [], preview };
}

async function findHints(
  store: Store,
  urlPath: string,
  rawRef: string,
  withPreview: boolean,
): Promise<PageHints> {
  const find = await recordOrNull(() =>
    shownToVisitor(store, 'finds', getFind(store, parseIdParam(rawRef), ANONYMOUS)),
  );
  return {
    modules: [FINDS_MODULE],
    images: find ? findPhoto(find, 'detail') : [],
    preview: withPreview ? findPreview(urlPath, find) : '',
  };
}

/** A post's page: its first look, and its picture (when it has one) at once, as the first look shows it. */
async function postHints(
  store: Store,
  urlPath: string,
  rawRef: string,
  withPreview: boolean,
): Promise<PageHints> {
  const post = withPreview
    ? await recordOrNull(() => shownToVisitor(store, 'posts', getPost(store, parseIdParam(rawRef))))
    : null;
  const picture = post?.imageUrl && sameOrigin(post.imageUrl) ? [{ href: post.imageUrl }] : [];
  const preview = post ? postPagePreview(urlPath, post, await topPosters(store)) : '';
  return { modules: [FORUM_MODULE], images: picture, preview };
}

export function firstVisitHints(store: Store): PageHintSource {
  return async (urlPath, query) => {
    const segments = urlPath.split('/').filter(Boolean);
    const [section, second, third] = segments;
    const withPreview = query.size === 0 && !urlPath.endsWith('/');
    if (section === 'finds' && segments.length === 1) return galleryHints(store, withPreview);
    if (section === 'finds' && segments.length === 2 && second)
      return findHints(store, urlPath, second, withPreview);
    if (section === 'forum' && segments.length === 1) return forumHints(store, withPreview);
    if (section === 'forum' && second === 'post' && third && segments.length === 3)
      return postHints(store, urlPath, third, withPreview);
    return (await communityHints(store, urlPath, segments, withPreview)) ?? null;
  };
}
