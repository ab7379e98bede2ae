// @vitest-environment jsdom
/**
 * The map error panel (docs/map.md, "Product rules to keep"): a configured style that fails is tried again
 * 3 times, 1 s apart, while the shipped basemap is drawn; then 'Map Error' offers Retry Loading, which
 * starts over. The style server is a stand-in fetch: it is a third-party host, not our app.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { StyleSpecification } from 'maplibre-gl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMapStyle } from '../hooks/use-map-style';
import { MAP_MESSAGES } from '../model/constants';
import type { FetchStyle } from '../services/style-loader';
import { MapStyleFrame } from './map-style-frame';

const STYLE_URL = 'https://tiles.example.org/style.json';
const detailed: StyleSpecification = { version: 8, name: 'Detailed', sources: {}, layers: [] };

function Map({ fetchStyle }: { fetchStyle: FetchStyle }) {
  const { state, retry } = useMapStyle(STYLE_URL, fetchStyle);
  return (
    <MapStyleFrame state={state} onRetry={retry}>
      {(style) => <p>Drawing {style === 'shipped' ? 'the built-in map' : style.name}</p>}
    </MapStyleFrame>
  );
}

/** A style server that fails the first `failures` requests, then answers. */
function flakyServer(failures: number) {
  const calls: number[] = [];
  const fetchStyle: FetchStyle = (url) => {
    expect(url).toBe(STYLE_URL);
    calls.push(Date.now());
    return calls.length <= failures ? Promise.reject(new Error('503')) : Promise.resolve(detailed);
  };
  return { fetchStyle, calls };
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Map Error panel', () => {
  it('draws the configured style when it loads, with no panel', async () => {
    const server = flakyServer(0);
    render(<Map fetchStyle={server.fetchStyle} />);
    await advance(0);
    expect(screen.getByText('Drawing Detailed')).toBeInTheDocument();
    expect(screen.queryByText(MAP_MESSAGES.mapErrorTitle)).not.toBeInTheDocument();
  });

  it('retries 3 times 1 s apart over the built-in map, then offers Retry Loading', async () => {
    const server = flakyServer(Infinity);
    render(<Map fetchStyle={server.fetchStyle} />);
    await advance(0);
    expect(server.calls).toHaveLength(1);
    expect(screen.getByText('Drawing the built-in map')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Retrying (1 of 3)');

    await advance(999);
    expect(server.calls).toHaveLength(1);
    await advance(1);
    expect(server.calls).toHaveLength(2);
    await advance(2000);
    expect(server.calls).toHaveLength(4);
    expect(server.calls.map((t, i) => t - (server.calls[i - 1] ?? t))).toEqual([0, 1000, 1000, 1000]);

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(MAP_MESSAGES.mapErrorTitle);
    expect(alert).toHaveTextContent(MAP_MESSAGES.mapErrorText);
    expect(screen.getByText('Drawing the built-in map')).toBeInTheDocument();
    await advance(5000);
    expect(server.calls).toHaveLength(4); // no more automatic tries
  });

  it('Retry Loading starts over and the configured style replaces the built-in map', async () => {
    const server = flakyServer(4);
    render(<Map fetchStyle={server.fetchStyle} />);
    await advance(3000);
    expect(server.calls).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: MAP_MESSAGES.retryLoading }));
    await advance(0);
    expect(server.calls).toHaveLength(5);
    expect(screen.getByText('Drawing Detailed')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a success on a retry clears the panel', async () => {
    const server = flakyServer(2);
    render(<Map fetchStyle={server.fetchStyle} />);
    await advance(2000);
    expect(server.calls).toHaveLength(3);
    expect(screen.getByText('Drawing Detailed')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
