// @vitest-environment jsdom
/**
 * Parts of the frame render a task after the app's first render, and at once after that
 * (docs/architecture.md "First paint").
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RenderLater } from './render-later';

describe('RenderLater', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows its fallback in the first render and its content from the next task; later mounts show it at once', () => {
    const first = render(
      <RenderLater fallback={<p>reserved</p>}>
        <p>footer</p>
      </RenderLater>,
    );
    expect(screen.getByText('reserved')).toBeTruthy();
    expect(screen.queryByText('footer')).toBeNull();
    act(() => vi.runAllTimers());
    expect(screen.getByText('footer')).toBeTruthy();
    expect(screen.queryByText('reserved')).toBeNull();
    first.unmount();

    render(
      <RenderLater fallback={<p>reserved</p>}>
        <p>footer again</p>
      </RenderLater>,
    );
    expect(screen.getByText('footer again')).toBeTruthy();
  });
});
