/**
 * Memory after a burst of uploads (docs/architecture.md "Memory after bursts"): sharp keeps no cache and one
 * thread per image from its first use, V8 collects once the burst is over, and the entry starts the server
 * again with glibc's allocator settings only when nobody chose them. The entry's start itself is in
 * index.test.ts; the figures come from `npm run bench:uploads`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../test/harness';
import { jpegBytes, sha256Of, signedIn } from '../sync/test-fixtures';
import { ALLOCATOR_SETTINGS, allocatorRelaunchEnv, RELAUNCHED_MARK } from './allocator';
import { afterImageWork, collectGarbage, CollectWhenQuiet } from './collect-after-bursts';
import { loadSharp } from './images';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('sharp settings', () => {
  it('keeps no operation cache and runs one thread per image once loaded', async () => {
    const sharp = await loadSharp();
    const cache = sharp.cache();
    expect(cache.memory.max).toBe(0);
    expect(cache.files.max).toBe(0);
    expect(cache.items.max).toBe(0);
    expect(sharp.concurrency()).toBe(1);
  });
});

describe('allocator relaunch', () => {
  it('adds the settings on glibc when none is set, and marks the new process', () => {
    const env = allocatorRelaunchEnv({ PORT: '4401' }, true);
    expect(env).toEqual({ PORT: '4401', ...ALLOCATOR_SETTINGS, [RELAUNCHED_MARK]: '1' });
  });

  it("leaves the operator's choices, other C libraries and an already restarted server alone", () => {
    for (const chosen of [
      { MALLOC_ARENA_MAX: '4' },
      { MALLOC_MMAP_THRESHOLD_: '65536' },
      { GLIBC_TUNABLES: 'glibc.malloc.arena_max=1' },
      { LD_PRELOAD: '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2' },
      { [RELAUNCHED_MARK]: '1' },
    ])
      expect(allocatorRelaunchEnv(chosen, true)).toBeNull();
    expect(allocatorRelaunchEnv({}, false)).toBeNull();
  });
});

describe('collection after a burst', () => {
  it('collects once, when nothing has run for the quiet time', async () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const quiet = new CollectWhenQuiet(1000, collect);
    let finishFirst = () => {};
    const first = quiet.track(() => new Promise<void>((resolve) => (finishFirst = resolve)));
    await quiet.track(() => Promise.resolve());
    vi.advanceTimersByTime(5000);
    expect(collect).not.toHaveBeenCalled(); // the first task still runs

    finishFirst();
    await first;
    vi.advanceTimersByTime(999);
    await quiet.track(() => Promise.resolve()); // a straggler starts the quiet time again
    vi.advanceTimersByTime(999);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(1);
    expect(quiet.pending).toBe(false);
  });

  it('a failed task counts as done', async () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const quiet = new CollectWhenQuiet(1000, collect);
    await expect(quiet.track(() => Promise.reject(new Error('damaged')))).rejects.toThrow('damaged');
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('collects garbage in full without a --expose-gc flag', async () => {
    const unreachable = (() => new WeakRef({ photo: new Uint8Array(1024) }))();
    // V8 keeps a WeakRef's target alive until the current job ends.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(unreachable.deref()).toBeUndefined();
  });

  it('tracks every upload request, refused ones included, and the encode of a stored photo', async () => {
    const t = await createTestApp();
    try {
      const { client } = await signedIn(t, 'burster');
      // With its length, as a client's request has one (admission lets bodiless requests by).
      const put = (bytes: Uint8Array) =>
        t.app.request(`/api/sync/blobs/${sha256Of(bytes)}`, {
          method: 'PUT',
          headers: {
            cookie: client.cookie,
            'content-type': 'image/jpeg',
            'content-length': String(bytes.byteLength),
          },
          body: new Uint8Array(bytes),
        });
      const track = vi.spyOn(afterImageWork, 'track');
      // Not an image: refused once read, without an encode.
      expect((await put(new TextEncoder().encode('not a photo'))).status).toBe(415);
      expect(track).toHaveBeenCalledTimes(1);
      expect((await put(await jpegBytes(7))).status).toBeLessThan(300);
      expect(track).toHaveBeenCalledTimes(3);
    } finally {
      await t.close();
    }
  });
});
