// @vitest-environment jsdom
/**
 * The gallery on a phone: two finds side by side (not one a screen), rows counted from the columns, and
 * the first row's photos loading at once — the first with fetchpriority="high", as it is the page's LCP.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db, type LocalFind } from '@web/db/database';
import { FindImage } from './find-image';
import { FindsGrid } from './finds-grid';
import { gridLayoutFor } from './use-window-rows';

const find = (n: number): LocalFind => ({
  id: n,
  uid: `0192f000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  userId: 9,
  username: 'finder',
  title: `Find ${n}`,
  description: '',
  location: 'Norfolk, UK',
  period: 'Roman',
  imageUrl: `/uploads/${n}.webp`,
  thumbUrl: `/uploads/${n}-thumb.webp`,
  likes: 0,
  commentCount: 0,
  created_at: `2024-03-05T10:00:${String(n).padStart(2, '0')}Z`,
});
const finds = Array.from({ length: 10 }, (_, i) => find(i + 1));

const PHONE_CONTENT_WIDTH = 358; // a 390 px phone less the page's 16 px padding each side

beforeAll(async () => {
  await db.finds.bulkPut(finds);
  // jsdom has no layout: the grid measures a phone-sized container and a card 260 px high.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(PHONE_CONTENT_WIDTH);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 170, 260));
  globalThis.ResizeObserver = class {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe() {
      this.callback([], this);
    }
    unobserve() {}
    disconnect() {}
  };
});
afterAll(() => vi.restoreAllMocks());

describe('the finds grid on a phone', () => {
  it('lays out two columns below 640 px, one only below two usable cards', () => {
    expect(gridLayoutFor(PHONE_CONTENT_WIDTH)).toEqual({ columns: 2, gap: 12 });
    expect(gridLayoutFor(288)).toEqual({ columns: 2, gap: 12 }); // a 320 px phone
    expect(gridLayoutFor(200)).toEqual({ columns: 1, gap: 12 });
    expect(gridLayoutFor(608)).toEqual({ columns: 2, gap: 24 });
    expect(gridLayoutFor(1248)).toEqual({ columns: 4, gap: 24 });
  });

  it('renders rows of two, and loads the first row at once with the first photo first', async () => {
    const { container } = render(
      <MemoryRouter>
        <FindsGrid
          uids={finds.map((f) => f.uid)}
          renderCard={(f) => <FindImage find={f} variant="card" sizes="50vw" className="aspect-[4/3]" />}
        />
      </MemoryRouter>,
    );
    const list = screen.getByRole('list', { name: 'Finds' });
    expect(list.className).toContain('grid-cols-2');
    expect(list.className).toContain('gap-3');
    // 10 finds in rows of two: 5 rows of 260 px + 12 px gaps.
    expect((container.firstElementChild as HTMLElement).style.height).toBe(`${5 * 272 - 12}px`);
    const images = await waitFor(() => {
      const found = within(list).getAllByRole('img');
      expect(found.length).toBeGreaterThan(2);
      return found;
    });
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[1]).toHaveAttribute('loading', 'eager');
    expect(images[1]).not.toHaveAttribute('fetchpriority');
    expect(images[2]).toHaveAttribute('loading', 'lazy');
    // The thumbnail for the grid, the display size when a card is wide: the browser picks.
    expect(images[0]).toHaveAttribute('srcset', '/uploads/1-thumb.webp 400w, /uploads/1.webp 1600w');
    expect(images[0]).toHaveAttribute('sizes', '50vw');
  });
});
