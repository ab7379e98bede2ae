// @vitest-environment jsdom
/**
 * The static shell's end (docs/architecture.md "First paint"): at once under the first page, or, when it
 * shows the server's first look of that page, once the page shows its records — or after the limit.
 */
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstPageRendered, PREVIEW_LIMIT_MS, useEndBootPreview } from './boot-shell';

function shell(
  previewPath?: string,
  preview = `<div id="boot-preview" data-path="${previewPath}"><p>Find 1</p></div>`,
) {
  document.body.innerHTML =
    `<div id="boot-shell" aria-hidden="true"><div>header</div>` +
    (previewPath ? preview : '') +
    `</div><div id="root"></div>`;
  document.documentElement.setAttribute('data-booting', '');
}
const shellUp = () =>
  document.getElementById('boot-shell') !== null && document.documentElement.hasAttribute('data-booting');

describe('boot shell', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
    document.documentElement.removeAttribute('data-booting');
  });

  it('ends with the first page when it holds no first look', () => {
    shell();
    firstPageRendered('/finds');
    expect(shellUp()).toBe(false);
  });

  it('ends a layout shell once the browser has drawn a frame with it, so its paint counts', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => frames.splice(0));
    const nextFrame = () => frames.shift()?.(performance.now());
    try {
      shell(
        '/map',
        '<div id="boot-preview" data-shell="layout"><img src="/images/map-outline.svg" alt=""></div>',
      );
      firstPageRendered('/map');
      expect(shellUp()).toBe(true);
      nextFrame();
      expect(shellUp()).toBe(true);
      nextFrame();
      expect(shellUp()).toBe(false);
      // Cancelled (the page was hidden again by a suspense), it waits for the next first render.
      shell('/map', '<div id="boot-preview" data-shell="layout"></div>');
      firstPageRendered('/map')();
      nextFrame();
      nextFrame();
      expect(shellUp()).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("keeps this page's first look until the page shows its records", () => {
    shell('/finds');
    const stop = firstPageRendered('/finds');
    expect(shellUp()).toBe(true);
    const { rerender } = renderHook(({ ready }) => useEndBootPreview(ready), {
      initialProps: { ready: false },
    });
    expect(shellUp()).toBe(true);
    rerender({ ready: true });
    expect(shellUp()).toBe(false);
    stop();
  });

  it("ends at once under another page's first look", () => {
    shell('/finds/12');
    firstPageRendered('/finds/13');
    expect(shellUp()).toBe(false);
  });

  it('ends after the limit when the page never says it is ready', () => {
    shell('/forum');
    firstPageRendered('/forum');
    vi.advanceTimersByTime(PREVIEW_LIMIT_MS - 1);
    expect(shellUp()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(shellUp()).toBe(false);
  });
});
