/**
 * C18 (README.md; PROTOCOL.md S9): how the engine treats the answers to a photo upload, against the real
 * server in process. A refusal of the photo itself (413, 415, any 4xx but 401/408/429) rejects the
 * mutations that need it with the server's message, shown in Not synced and never retried blindly; 401
 * pauses (C6); 408, 429 and 5xx keep everything and retry with backoff (C4).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@schema/contracts/constants';
import { findMessages } from '@schema/contracts/finds-constants';
import { SIGN_IN_TO_SYNC } from './engine';
import { retryMutation } from './outbox';
import {
  device,
  jpegBytes,
  member,
  queueComment,
  queueFind,
  serverPerFile,
  serverRows,
  type FetchWrapper,
} from './test-utils';

const server = serverPerFile();

const findsOf = async (userId: number) =>
  (await serverRows(server.t, `SELECT uid FROM finds WHERE user_id = ${userId}`)).map((r) => r.uid);

/** Photo uploads answered with `status` by a proxy in front of the real server; everything else passes. */
const uploadsAnswered =
  (status: number): FetchWrapper =>
  (inner) =>
  async (input, init) =>
    init?.method === 'PUT' && input.startsWith('/api/sync/blobs/')
      ? new Response(JSON.stringify({ code: `http-${status}`, message: 'Busy' }), {
          status,
          headers: { 'content-type': 'application/json' },
        })
      : inner(input, init);

describe('photo refusals (C18)', () => {
  it('C18 S9: a photo that is not an image (415) rejects the find and the comment queued on it with the server message; nothing is retried, later finds still go', async () => {
    const m = await member(server.t, server.name('notimage'));
    const dev = await device(server.t, m);
    const garbage = new TextEncoder().encode('this is not a picture at all'.repeat(40));
    const bad = await queueFind(dev, m.user.id, { title: 'Mystery object' }, garbage);
    const comment = await queueComment(dev, m.user.id, bad, 'What could it be?');
    const good = await queueFind(dev, m.user.id, { title: 'Lead spindle whorl' }, await jpegBytes(41));

    expect(await dev.engine.sync()).toMatchObject({ outcome: 'synced', applied: 1, rejected: 2 });
    const byUid = new Map((await dev.db.outbox.toArray()).map((o) => [o.uid, o]));
    expect(byUid.get(bad)).toMatchObject({
      status: 'rejected',
      lastError: { code: 'unsupported-media-type', message: findMessages.invalidFileType },
    });
    expect(byUid.get(comment)).toMatchObject({ status: 'rejected' });
    expect(await findsOf(m.user.id)).toEqual([good]);

    // Not retried blindly: the next cycles send nothing for it.
    const uploads = () => dev.requests.filter((r) => r.startsWith('PUT /api/sync/blobs/')).length;
    const before = uploads();
    await dev.engine.sync();
    await dev.engine.sync();
    expect(uploads()).toBe(before);
    expect((await dev.db.outbox.get(byUid.get(bad)?.mutationId ?? ''))?.status).toBe('rejected');
    // Retry (the member's choice) sends it once more, and the server refuses it again.
    await retryMutation(dev.db, byUid.get(bad)?.mutationId ?? '');
    expect(await dev.engine.sync()).toMatchObject({ rejected: 2 });
    expect(uploads()).toBe(before + 1);
    await dev.close();
  });

  it('C18 S9: a photo over the size limit (413) is refused with the server message and kept for the member to replace', async () => {
    const m = await member(server.t, server.name('toolarge'));
    const dev = await device(server.t, m);
    const huge = new Uint8Array(MAX_IMAGE_BYTES + 512 * 1024);
    huge.set(await jpegBytes(42));
    const uid = await queueFind(dev, m.user.id, { title: 'Enormous hoard photo' }, huge);

    expect(await dev.engine.sync()).toMatchObject({ outcome: 'synced', rejected: 1 });
    const [kept] = await dev.db.outbox.toArray();
    expect(kept).toMatchObject({
      uid,
      status: 'rejected',
      lastError: { code: 'payload-too-large', message: expect.stringMatching(/large|smaller/i) },
    });
    expect(await dev.db.blobs.count()).toBe(1);
    expect(await findsOf(m.user.id)).toEqual([]);
    await dev.close();
  });

  it.each([429, 503, 500, 408])(
    'C18 C4: a photo upload answered %i keeps everything and retries with backoff',
    async (status) => {
      const m = await member(server.t, server.name(`busy${status}`));
      const dev = await device(server.t, m, { wrap: uploadsAnswered(status) });
      await queueFind(dev, m.user.id, { title: 'Roman coin' });
      expect(await dev.engine.sync()).toMatchObject({ outcome: 'retry' });
      expect(dev.engine.status).toMatchObject({ phase: 'retrying', nextRetryAt: expect.any(Number) });
      expect(await dev.db.outbox.toArray()).toEqual([expect.objectContaining({ status: 'pending' })]);
      await dev.close();
    },
  );

  it('C18 C6: a photo upload answered 401 pauses the engine with "Sign in to sync" and drops nothing', async () => {
    const m = await member(server.t, server.name('expired'));
    const dev = await device(server.t, m);
    await queueFind(dev, m.user.id, { title: 'Roman coin' });
    dev.cookie = 'dq_session=expired';
    expect(await dev.engine.sync()).toMatchObject({ outcome: 'paused', error: SIGN_IN_TO_SYNC });
    expect(await dev.db.outbox.toArray()).toEqual([expect.objectContaining({ status: 'pending' })]);
    await dev.close();
  });
});
