/**
 * S33: a change the server refuses for a member's rate limit (`rate-limited`) wrote nothing and passes by
 * itself: the engine keeps it queued and sends it again later, never moving it to "Not synced".
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { device, member, queueComment, queueFind, serverPerFile, serverRows } from './test-utils';

const server = serverPerFile({ COMMENT_RATE_LIMIT: '2' });

// Only the clock: fake timers would hang fake-indexeddb (docs/testing.md).
afterEach(() => vi.useRealTimers());

describe('S33: rate-limited changes stay queued', () => {
  it('keeps comments over the limit in the outbox, not in Not synced, and sends them once the window has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2030-04-01T10:00:00Z'));
    const m = await member(server.t, server.name('chatty'));
    const dev = await device(server.t, m);
    const find = await queueFind(dev, m.user.id, { title: 'Hammered penny' });
    for (const text of ['First!', 'Edward I?', 'Or Edward II'])
      await queueComment(dev, m.user.id, find, text);

    expect(await dev.engine.sync()).toMatchObject({ outcome: 'retry', applied: 3, rejected: 0 });
    const waiting = await dev.db.outbox.toArray();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({
      entity: 'find_comments',
      status: 'pending',
      lastError: { code: 'rate-limited' },
    });

    vi.setSystemTime(Date.parse('2030-04-01T10:10:01Z'));
    expect(await dev.engine.sync()).toMatchObject({ outcome: 'synced', applied: 1, rejected: 0 });
    expect(await dev.db.outbox.count()).toBe(0);
    const comments = await serverRows(
      server.t,
      `SELECT content FROM find_comments WHERE user_id = ${m.user.id} ORDER BY id`,
    );
    expect(comments.map((c) => c.content)).toEqual(['First!', 'Edward I?', 'Or Edward II']);
    await dev.close();
  });
});
