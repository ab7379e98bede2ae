// @vitest-environment jsdom
/**
 * The category sidebar holds its place until the categories are on the device: on a first visit Dexie is
 * empty until the first sync, and "No categories yet." followed by the real list made the page jump twice.
 */
import 'fake-indexeddb/auto';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, type LocalCategory } from '@web/db/database';
import type { Live } from '@web/sync';
import { CATEGORY_SKELETON_ROWS, CategorySidebar } from './forum-sidebar';

const names = [
  'General Discussion',
  'Finds Identification',
  'Detectors & Equipment',
  'Research & Permissions',
  'Treasure Act & PAS',
  'Beach & Foreshore',
  'Clubs & Rallies',
  'Wellbeing',
];
const categories: LocalCategory[] = names.map((name, i) => ({
  id: i + 1,
  name,
  slug: `c${i + 1}`,
  description: null,
  icon: null,
  count: i,
}));

function renderSidebar(live: Live<LocalCategory[]>) {
  return render(
    <MemoryRouter>
      <CategorySidebar categories={live} selected={null} />
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  await db.sync_state.clear();
});

describe('category sidebar before and after the first sync', () => {
  it('shows one placeholder row per category (and All) while loading, and while empty before any sync', async () => {
    renderSidebar({ state: 'loading' });
    expect(
      within(screen.getByTestId('category-skeleton')).getAllByRole('listitem', { hidden: true }),
    ).toHaveLength(CATEGORY_SKELETON_ROWS);
    renderSidebar({ state: 'ready', value: [] });
    // Nothing pulled yet: not "No categories yet.", which would be replaced by the list a moment later.
    expect(screen.queryByText('No categories yet.')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('category-skeleton')).toHaveLength(2);
  });

  it('the placeholder rows match the list: All plus the seeded categories, 40 px each', () => {
    const { container } = renderSidebar({ state: 'ready', value: categories });
    const links = within(container).getAllByRole('link');
    expect(links).toHaveLength(CATEGORY_SKELETON_ROWS);
    for (const link of links) expect(link.className).toContain('min-h-10');
    const skeleton = renderSidebar({ state: 'loading' }).getByTestId('category-skeleton');
    for (const row of within(skeleton).getAllByRole('listitem', { hidden: true }))
      expect(row.className).toContain('h-10');
  });
});
