/**
 * Photos before the mutations that name them (README.md C5; PROTOCOL.md S9), against the real server in
 * process: one check per push batch, uploads of the missing photos only, and no answer a browser would log
 * as an error. Refusals are photo-refusals.test.ts (C18); failed and truncated uploads engine.test.ts (C5).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { putBlob, sha256Of } from '../../../sync-server/src/sync/test-fixtures';
import {
  device,
  jpegBytes,
  member,
  queueFind,
  serverPerFile,
  serverRows,
  signedIn,
  type FetchWrapper,
} from './test-utils';

const server = serverPerFile();

/** Every request a device makes with the status it got, e.g. `POST /api/sync/blobs/check 200`. */
function answers(log: string[]): FetchWrapper {
  return (inner) => async (input, init) => {
    const res = await inner(input, init);
    log.push(`${init?.method ?? 'GET'} ${input} ${res.status}`);
    return res;
  };
}

describe('photo uploads (C5)', () => {
  it('C5 S9: one check per batch asks which photos the server holds; only the missing ones are uploaded, and nothing answers an error', async () => {
    const m = await member(server.t, server.name('check'));
    const log: string[] = [];
    const dev = await device(server.t, m, { wrap: answers(log) });
    // Another device of hers uploaded this photo; its answer never reached this one.
    const known = await jpegBytes(61);
    const [fresh1, fresh2] = [await jpegBytes(62), await jpegBytes(63)];
    const laptop = await signedIn(server.t, server.name('laptop'));
    const uploaded = await putBlob(server.t, laptop.client, known);
    const onServer = await queueFind(dev, m.user.id, { title: 'Photo already there' }, known);
    await queueFind(dev, m.user.id, { title: 'New photo' }, fresh1);
    await queueFind(dev, m.user.id, { title: 'Another new photo' }, fresh2);

    expect(await dev.engine.sync()).toMatchObject({ outcome: 'synced', applied: 3 });
    expect(dev.requests.filter((r) => r.includes('/api/sync/blobs'))).toEqual([
      'POST /api/sync/blobs/check',
      `PUT /api/sync/blobs/${sha256Of(fresh1)}`,
      `PUT /api/sync/blobs/${sha256Of(fresh2)}`,
    ]);
    expect(log.filter((line) => / [45]\d\d$/.test(line))).toEqual([]);
    expect(await dev.db.finds.get(onServer)).toMatchObject({ imageUrl: uploaded.json?.url });
    const titles = await serverRows(
      server.t,
      `SELECT title FROM finds WHERE user_id = ${m.user.id} ORDER BY id`,
    );
    expect(titles.map((row) => row.title)).toEqual(['Photo already there', 'New photo', 'Another new photo']);
    await dev.close();
  });

  it('C5: photos the device knows are uploaded are not checked again', async () => {
    const m = await member(server.t, server.name('known'));
    const dev = await device(server.t, m);
    const photo = await jpegBytes(64);
    await queueFind(dev, m.user.id, { title: 'First with this photo' }, photo);
    await queueFind(dev, m.user.id, { title: 'Second with this photo' }, photo);
    expect(await dev.engine.sync()).toMatchObject({ outcome: 'synced', applied: 2 });
    expect(dev.requests.filter((r) => r.includes('/api/sync/blobs'))).toEqual([
      'POST /api/sync/blobs/check',
      `PUT /api/sync/blobs/${sha256Of(photo)}`,
    ]);
    await dev.close();
  });
});
