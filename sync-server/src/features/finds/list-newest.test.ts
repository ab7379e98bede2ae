/**
 * The unfiltered finds list runs on queries prepared once per database (service.ts newestFinds;
 * docs/api.md "Speed"): they must keep answering what is in the database now, for whoever asks.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeCursor } from '../../lib/paging';
import { createTestApp, type TestApp } from '../../test/harness';
import { createFind, signedIn, type TestClient } from '../../sync/test-fixtures';

let t: TestApp;
let alice: { client: TestClient; user: { id: number } };
let anon: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  alice = await signedIn(t, 'alice');
  anon = t.client();
});
afterEach(() => t.close());

const titles = async (client: TestClient, path: string): Promise<string[]> =>
  ((await client.get(path)).json as { title: string }[]).map((find) => find.title);

describe('GET /api/finds without a search or filter', () => {
  it('sees finds added and deleted after its first answer, on every page', async () => {
    const first = await createFind(alice.client, { title: 'First' }, 1);
    expect(await titles(anon, '/api/finds')).toEqual(['First']);
    const second = await createFind(alice.client, { title: 'Second' }, 2);
    expect(await titles(anon, '/api/finds')).toEqual(['Second', 'First']);
    expect(await titles(anon, `/api/finds?cursor=${encodeCursor(second.id)}`)).toEqual(['First']);
    expect((await alice.client.del(`/api/finds/${first.id}`)).status).toBe(200);
    expect(await titles(anon, '/api/finds')).toEqual(['Second']);
    expect(await titles(anon, `/api/finds?cursor=${encodeCursor(second.id)}`)).toEqual([]);
  });

  it('shapes rows for the viewer asking, and keeps a cursor beyond any id in range', async () => {
    await createFind(alice.client, { title: 'Mine', latitude: '52.6', longitude: '1.3' }, 1);
    expect((await alice.client.get('/api/finds')).json[0]).toMatchObject({ latitude: 52.6 });
    expect((await anon.get('/api/finds')).text).not.toContain('52.6');
    expect(await titles(anon, `/api/finds?cursor=${encodeCursor(2 ** 40)}`)).toEqual(['Mine']);
    expect(await titles(anon, `/api/finds?cursor=${encodeCursor(-(2 ** 40))}`)).toEqual([]);
  });
});
