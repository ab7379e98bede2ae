// @vitest-environment jsdom
/**
 * The route cards (docs/product/ar-routes.md "Recommendations"): the member's own routes have Share and
 * Delete; another member's shared route has Report once it is on the server (docs/moderation.md
 * "Reports"); a sample route has neither, and a signed-out visitor is offered no Report.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NO_PREFERENCES, recommend, type RouteLike } from '../../model/routes/recommend';
import { RouteList } from './route-list';

const HERE = { lat: 52.6, lng: 1.28 };
const route = (extra: Partial<RouteLike>): RouteLike => ({
  id: 11,
  uid: 'r1',
  userId: 7,
  name: 'Heath loop',
  description: null,
  startLat: 52.601,
  startLng: 1.28,
  endLat: 52.61,
  endLng: 1.29,
  waypoints: [],
  estimatedDuration: 45,
  difficulty: 'easy',
  terrainType: 'Heathland',
  historicalPeriods: [],
  isPublic: true,
  completedCount: 0,
  rating: null,
  ...extra,
});

function show(viewerId: number | null) {
  const routes = recommend(
    HERE,
    [
      route({}),
      route({ id: 12, uid: 'r2', userId: 8, name: 'My own walk' }),
      route({ id: null, uid: 'r3', name: 'Not synced yet' }),
    ],
    viewerId === null ? null : 8,
    NO_PREFERENCES,
  );
  render(
    <RouteList
      routes={routes}
      selectedId={null}
      onSelect={() => undefined}
      onShare={() => undefined}
      onDelete={() => undefined}
      viewerId={viewerId}
    />,
  );
  return (name: string): HTMLElement => {
    const item = screen.getByRole('heading', { name }).closest('li');
    if (!item) throw new Error(`no card for ${name}`);
    return item;
  };
}

describe('route cards', () => {
  it('Report on another member’s synced route only; Share and Delete on the member’s own', () => {
    const card = show(8);
    expect(within(card('Heath loop')).getByRole('button', { name: 'Report' })).toBeInTheDocument();
    expect(within(card('My own walk')).queryByRole('button', { name: 'Report' })).toBeNull();
    expect(within(card('My own walk')).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(card('Not synced yet')).queryByRole('button', { name: 'Report' })).toBeNull();
    expect(within(card('Ancient Roman Path')).queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('a signed-out visitor is offered no Report', () => {
    const card = show(null);
    expect(within(card('Heath loop')).queryByRole('button', { name: 'Report' })).toBeNull();
  });
});
