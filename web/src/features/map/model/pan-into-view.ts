/**
 * Keeping a spot's info window in view (docs/map.md "The screen"): the pan that brings a box inside the part
 * of the map its overlays leave visible. Pure, with plain rectangles, so it is tested without a browser.
 */

export interface Rect {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Pixels of the map under overlays, per edge. */
export type Insets = Rect;

/** Room kept between an info window and the edge of what is visible. */
export const POPUP_MARGIN = 8;

/**
 * The pan [dx, dy] (MapLibre's `panBy`: positive moves the view right and down, so the content moves left and
 * up) that brings `box` inside `frame` less `insets`. When the box is larger than that part, its top and left
 * win, so the title and the close button always show.
 */
export function panIntoView(box: Rect, frame: Rect, insets: Insets): [number, number] {
  const top = frame.top + insets.top + POPUP_MARGIN;
  const bottom = frame.bottom - insets.bottom - POPUP_MARGIN;
  const left = frame.left + insets.left + POPUP_MARGIN;
  const right = frame.right - insets.right - POPUP_MARGIN;
  const dy =
    box.top < top ? box.top - top : box.bottom > bottom ? Math.min(box.bottom - bottom, box.top - top) : 0;
  const dx =
    box.left < left ? box.left - left : box.right > right ? Math.min(box.right - right, box.left - left) : 0;
  return [dx, dy];
}
