// @vitest-environment jsdom
/**
 * The static shell's end (docs/architecture.md "First paint"): at once under the first page, or, when it
 * shows the server's first look of that page, once the page shows its records — or after the limit.
 */
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstPageRendered, HERO_LIMIT_MS, PREVIEW_LIMIT_MS, useEndBootPreview } from './boot-shell';

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

  describe("the home shell's hero", () => {
    const frames: FrameRequestCallback[] = [];
    const images: HTMLImageElement[] = [];
    const nextFrame = () => frames.shift()?.(performance.now());
    beforeEach(() => {
      frames.splice(0);
      images.splice(0);
      vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
      vi.stubGlobal('cancelAnimationFrame', () => frames.splice(0));
      // jsdom loads no images: the test sends the load or error event itself.
      vi.stubGlobal('Image', function fakeImage() {
        const image = document.createElement('img');
        images.push(image);
        return image;
      });
      shell();
      document.documentElement.setAttribute('data-boot-home', '');
      document.head.innerHTML = '<link rel="preload" as="image" href="/images/hero.jpg">';
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      document.head.innerHTML = '';
      document.documentElement.removeAttribute('data-boot-home');
    });

    it('stays until its photo has loaded and a frame was drawn with it, so the shell is the largest paint', () => {
      firstPageRendered('/');
      expect(images.map((image) => new URL(image.src).pathname)).toEqual(['/images/hero.jpg']);
      nextFrame();
      nextFrame();
      expect(shellUp()).toBe(true);
      images[0]?.dispatchEvent(new Event('load'));
      expect(shellUp()).toBe(true);
      nextFrame();
      expect(shellUp()).toBe(true);
      nextFrame();
      expect(shellUp()).toBe(false);
    });

    it('does not wait for a photo that cannot load', () => {
      firstPageRendered('/');
      images[0]?.dispatchEvent(new Event('error'));
      nextFrame();
      nextFrame();
      expect(shellUp()).toBe(false);
    });

    it('ends after the limit when the photo is slow, and not at all once cancelled', () => {
      firstPageRendered('/');
      vi.advanceTimersByTime(HERO_LIMIT_MS - 1);
      expect(shellUp()).toBe(true);
      vi.advanceTimersByTime(1);
      expect(shellUp()).toBe(false);

      shell();
      document.documentElement.setAttribute('data-boot-home', '');
      firstPageRendered('/')();
      vi.advanceTimersByTime(HERO_LIMIT_MS);
      images[1]?.dispatchEvent(new Event('load'));
      nextFrame();
      nextFrame();
      expect(shellUp()).toBe(true);
    });
  });
});
