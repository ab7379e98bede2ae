/**
 * How a find's photo is asked for: the widths the server makes (sync-server/src/lib/images.ts), the
 * `srcset` built from a find's two URLs, and the `sizes` of the gallery card and of the find page. Shared
 * by the web app's <img> and the server's first-visit preload hints (docs/architecture.md "First paint"):
 * a preload only helps when the browser picks the same candidate for both.
 */

/** 400 px wide thumbnails, 1600 px display images. */
export const FIND_THUMB_WIDTH = 400;
export const FIND_DISPLAY_WIDTH = 1600;

/** The gallery card's width per grid columns: 4 from xl (the page stops at 1280 px), 3 from lg, else 2. */
export const FIND_CARD_IMAGE_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 33vw, 50vw';
/** The find page: at most 896 px wide (max-w-4xl), with 16 px of padding each side below that. */
export const FIND_DETAIL_IMAGE_SIZES = '(min-width: 928px) 896px, calc(100vw - 32px)';

/** Both server sizes as a `srcset`, or undefined when the find has only one URL (no thumbnail). */
export function findPhotoSrcset(thumbUrl: string, imageUrl: string): string | undefined {
  return thumbUrl && imageUrl && thumbUrl !== imageUrl
    ? `${thumbUrl} ${FIND_THUMB_WIDTH}w, ${imageUrl} ${FIND_DISPLAY_WIDTH}w`
    : undefined;
}
