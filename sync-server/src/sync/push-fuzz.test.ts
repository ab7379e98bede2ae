/**
 * Hostile payloads for EVERY writable synced entity (issue 24, items 4, 8 and 14; PROTOCOL.md S5, S6):
 * creates, updates and deletes whose payload is empty, of the wrong types, null, huge, full of control
 * characters, arrays, or `true` where an id belongs. Whatever arrives, push answers 200 with one answer per
 * mutation, in order — `applied`, `duplicate` or a `rejected { code, message }` that is never `internal` —
 * an empty update is a no-op, and nothing the server stores carries a C0 control character.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mutation } from '@schema/contracts/sync';
import { createTestApp } from '../test/harness';
import { contractFixtures, type ContractEnv } from './contract-fixtures';
import { syncedEntities } from './entities';
import { mutation, newUid, pullScopes, push, signedIn, type PushAnswer } from './test-fixtures';

const writable = syncedEntities.filter((e) => e.write !== undefined);

const UNLIMITED = Object.fromEntries(
  ['PUSH_RATE_LIMIT', 'POST_RATE_LIMIT', 'COMMENT_RATE_LIMIT', 'MESSAGE_RATE_LIMIT'].map((name) => [
    name,
    '1000000',
  ]),
);

/** C0 controls a word processor or a hostile client may paste (tab and line breaks are text). */
const CONTROLS = 'Vertical\u000btab\u0000nul\u0007bell\u001bescape\u001f\u0001end';
const HUGE = 'x'.repeat(30_000);

/** Values no field of any entity should turn into a 500. */
const HOSTILE: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 53,
  '',
  '   ',
  HUGE,
  CONTROLS,
  '1e3',
  ' 12 ',
  '0x10',
  [],
  ['a', 1],
  {},
  { nested: true },
];

/** Keys a payload may carry besides its own: ids a client must never be able to smuggle in. */
const EXTRA_KEYS = ['userId', 'id', 'uid', 'creatorId'];

/** Every payload built from a valid one by replacing one key (or adding a foreign one) with a hostile value. */
function hostilePayloads(valid: Record<string, unknown>): Record<string, unknown>[] {
  const keys = [...Object.keys(valid), ...EXTRA_KEYS];
  const out: Record<string, unknown>[] = [{}];
  for (const key of keys) for (const value of HOSTILE) out.push({ ...valid, [key]: value });
  out.push(Object.fromEntries(keys.map((k) => [k, null])));
  out.push(Object.fromEntries(keys.map((k) => [k, true])));
  out.push(Object.fromEntries(Object.keys(valid).map((k) => [k, CONTROLS])));
  return out;
}

/** Pushes in batches under the server's 1 MiB body limit; answers every result, checking the envelope. */
async function pushAll(env: ContractEnv, mutations: Mutation[]) {
  const batches: Mutation[][] = [[]];
  let bytes = 0;
  for (const m of mutations) {
    const size = JSON.stringify(m).length;
    if (bytes + size > 700_000 || batches.at(-1)!.length === 50) {
      batches.push([]);
      bytes = 0;
    }
    batches.at(-1)!.push(m);
    bytes += size;
  }
  const results: PushAnswer['results'] = [];
  for (const batch of batches.filter((b) => b.length > 0)) {
    const answer = await push(env.writer.client, batch);
    expect(answer.status, JSON.stringify(answer.results).slice(0, 500)).toBe(200);
    expect(answer.results.map((r) => r.mutationId)).toEqual(batch.map((m) => m.mutationId));
    results.push(...answer.results);
  }
  return results;
}

/** The mutations answered `internal`, as `op payload` lines a failure names. */
function internalOnes(sent: Mutation[], results: PushAnswer['results']) {
  return results.flatMap((r, i) =>
    r.status === 'rejected' && r.code === 'internal'
      ? [`${sent[i]!.op} ${JSON.stringify(sent[i]!.payload).slice(0, 160)}`]
      : [],
  );
}

/** Every string a value holds, however deep. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

// eslint-disable-next-line no-control-regex -- the C0 controls the server must never store
const C0_BUT_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

for (const entity of writable) {
  describe(`push fuzz: ${entity.entity}`, () => {
    let env: ContractEnv;
    beforeAll(async () => {
      // Every hostile mutation must be tried: the write limits (PROTOCOL.md S33) would stop a batch early.
      const t = await createTestApp(UNLIMITED);
      env = { t, writer: await signedIn(t, 'writer'), other: await signedIn(t, 'other'), anon: t.client() };
    });
    afterAll(() => env.t.close());
    const fixture = contractFixtures[entity.entity]!;

    it('S5, S6: hostile creates, updates and deletes each get their own answer, never a 500 or internal', async () => {
      const valid = await fixture.validCreate(env);
      const created = await push(env.writer.client, [valid]);
      expect(created.results[0]?.status).toBe('applied');
      const payloads = hostilePayloads(valid.payload);
      const createUid = (): string => (entity.write!.uid === 'parent' ? valid.uid : newUid());
      const sent = [
        ...payloads.map((p) => mutation(valid.entity, 'create', createUid(), p)),
        ...payloads.map((p) => mutation(valid.entity, 'update', valid.uid, p)),
        ...payloads.map((p) => mutation(valid.entity, 'delete', valid.uid, p)),
      ];
      const results = await pushAll(env, sent);
      expect(internalOnes(sent, results)).toEqual([]);
      for (const r of results) {
        expect(['applied', 'duplicate', 'rejected']).toContain(r.status);
        if (r.status === 'rejected') {
          expect(r.code).toMatch(/^[a-z-]+$/);
          expect(r.code, 'every mutation was tried').not.toBe('rate-limited');
          expect(r.message).toEqual(expect.any(String));
        }
      }
    });

    it('an empty update is a no-op, never an error', async () => {
      const valid = await fixture.validCreate(env);
      expect((await push(env.writer.client, [valid])).results[0]?.status).toBe('applied');
      const { status, results } = await push(env.writer.client, [
        mutation(valid.entity, 'update', valid.uid, {}),
      ]);
      expect(status).toBe(200);
      // Entities that are never edited refuse every update alike; the others apply an empty one.
      expect(
        results[0]?.status === 'applied' || results[0]?.code === 'unsupported-operation',
        JSON.stringify(results[0]),
      ).toBe(true);
    });

    it('nothing stored carries a C0 control character', async () => {
      const { changes } = await pullScopes(env.writer.client, { own: '' });
      const dirty = changes.flatMap((c) => stringsIn(c.data).filter((s) => C0_BUT_TEXT.test(s)));
      expect(dirty).toEqual([]);
    });
  });
}
