// @vitest-environment jsdom
/**
 * The guidance components (docs/product/ar-routes.md "Guidance", "Preferences"): the overlay's distance,
 * arrow and opacity, the list with bearings and the next point, the 1–5 rating, and the preferences form
 * with its message.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { destination } from '@schema/contracts/ar-routes-geo';
import { routeMessages } from '@schema/contracts/ar-routes-constants';
import type { ArRoute } from '../../model/routes/recommend';
import { PreferencesPanel } from './preferences-panel';
import { RateRoute } from './rate-route';
import { GuidanceList, GuidanceOverlay } from './route-guidance';

const HERE = { lat: 52, lng: 1 };
const START = destination(HERE, 90, 500);
const END = destination(START, 0, 300);
const route: ArRoute = {
  id: 'r',
  name: 'Heath loop',
  distance: 500,
  direction: 90,
  difficulty: 'easy',
  estimatedDuration: 45,
  terrainType: 'Heathland',
  historicalPeriods: ['Bronze Age'],
  description: null,
  source: 'public',
  points: [
    { ...START, label: 'Start' },
    { ...END, label: 'End' },
  ],
};

describe('guidance', () => {
  it('the overlay: 500 m to the start, the arrow turned by the heading, opacity 0.5', () => {
    render(
      <GuidanceOverlay route={route} walk={{ next: 0, completed: false }} position={HERE} heading={30} />,
    );
    expect(screen.getByText('500 m to Start')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Turn 60° to Start' })).toBeInTheDocument();
    const overlay = screen.getByTestId('ar-overlay');
    expect(Number(overlay.style.opacity)).toBeCloseTo(0.5, 6);
    expect(overlay).toHaveTextContent('Heath loop · easy · 45 min');
  });

  it('without a compass the arrow is north-up and says so', () => {
    render(
      <GuidanceOverlay route={route} walk={{ next: 0, completed: false }} position={HERE} heading={null} />,
    );
    expect(screen.getByRole('img', { name: 'Turn 90° to Start' })).toBeInTheDocument();
    expect(screen.getByTestId('ar-overlay')).toHaveTextContent('north up (no compass)');
  });

  it('the list: every point with its distance and bearing, the next one current, reached ones ticked', () => {
    render(<GuidanceList route={route} walk={{ next: 1, completed: false }} position={START} />);
    const items = within(screen.getByRole('list', { name: 'Route guidance' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('1. Start');
    expect(within(items[0] as HTMLElement).getByLabelText('Reached')).toBeInTheDocument();
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[1]).toHaveTextContent('300 m · 0° N');
  });
});

describe('rating and preferences', () => {
  it('rates 1–5, showing the current rating', async () => {
    const onRate = vi.fn();
    render(<RateRoute value={2} onRate={onRate} />);
    expect(screen.getByRole('button', { name: '2 stars' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: '5 stars' }));
    expect(onRate).toHaveBeenCalledWith(5);
  });

  it('preferences: an out-of-range distance says why; valid ones are saved as typed', async () => {
    const onSave = vi.fn();
    render(
      <PreferencesPanel
        value={{
          preferredTerrain: null,
          preferredDifficulty: null,
          maxDistance: null,
          historicalInterests: [],
        }}
        onSave={onSave}
        saving={false}
      />,
    );
    await userEvent.type(screen.getByLabelText('Maximum distance (km)'), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(screen.getByRole('alert')).toHaveTextContent(routeMessages.maxDistanceInvalid);
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Maximum distance (km)'));
    await userEvent.type(screen.getByLabelText('Maximum distance (km)'), '20');
    await userEvent.selectOptions(screen.getByLabelText('Difficulty'), 'challenging');
    await userEvent.click(screen.getByLabelText('Roman'));
    await userEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(onSave).toHaveBeenCalledWith({
      preferredTerrain: null,
      preferredDifficulty: 'challenging',
      maxDistance: 20,
      historicalInterests: ['Roman'],
    });
  });
});
