/**
 * Memory after a burst of uploads (docs/architecture.md "Memory after bursts"): sharp keeps no cache and one
 * thread per image from its first use, and the entry starts the server again with glibc's allocator
 * settings only when nobody chose them. The entry's start itself is in index.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ALLOCATOR_SETTINGS, allocatorRelaunchEnv, RELAUNCHED_MARK } from './allocator';
import { loadSharp } from './images';

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
