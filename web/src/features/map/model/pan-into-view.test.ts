/** An info window under the search bar, the map's foot or its side is panned into the visible part. */
import { describe, expect, it } from 'vitest';
import { panIntoView, POPUP_MARGIN } from './pan-into-view';

// A phone's map: 390 wide, 65 to 788; the search bar and chips cover its top 110 px, the controls 60 px on
// the right and the Add button 64 px at the foot.
const frame = { top: 65, right: 390, bottom: 788, left: 0 };
const insets = { top: 110, right: 60, bottom: 64, left: 0 };
const box = (top: number, left: number, height = 200, width = 280) => ({
  top,
  left,
  bottom: top + height,
  right: left + width,
});

describe('keeping an info window in view', () => {
  it('one already clear of the overlays stays put', () => {
    expect(panIntoView(box(300, 20), frame, insets)).toEqual([0, 0]);
  });

  it('one under the search bar (a spot near the top) comes down below it', () => {
    const [dx, dy] = panIntoView(box(40, 20), frame, insets);
    expect(dx).toBe(0);
    // The view moves up by that much, so the window lands just under the chips.
    expect(40 - dy).toBe(frame.top + insets.top + POPUP_MARGIN);
  });

  it('one cut off at the foot or the right edge comes back in', () => {
    expect(panIntoView(box(650, 20), frame, insets)).toEqual([0, 650 + 200 - (788 - 64 - POPUP_MARGIN)]);
    expect(panIntoView(box(300, 200), frame, insets)).toEqual([200 + 280 - (390 - 60 - POPUP_MARGIN), 0]);
  });

  it('one taller than the visible part keeps its top (title and close button) in view', () => {
    const [, dy] = panIntoView(box(100, 20, 900), frame, insets);
    expect(100 - dy).toBe(frame.top + insets.top + POPUP_MARGIN);
  });
});
