/**
 * Pull never skips a write (PROTOCOL.md S11; docs/architecture.md "Storage engines"), with two writers deliberately
 * interleaved on the real app. Writer A opens a transaction, appends to the change log and waits; writer B
 * then appends and commits; a pull runs while A is still open.
 *
 * Without a guard, on PostgreSQL B's higher seq would commit first, a pull would hand out a cursor past it,
 * and A's lower seq, committed afterwards, would never reach that client. So on PostgreSQL appends are
 * serialised until commit (lib/db.ts lockChangeLog): B waits for A. On SQLite a transaction holds the only
 * connection (lib/sqlite-store.ts): B and the pulls wait for A. Either way: no cursor passes A's seq while A
 * is uncommitted, B commits after A with a higher seq (change order is commit order), and a pull from the
 * cursor it was given sees A's change once A commits.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { finds } from '@schema/db/tables';
import type { Change, PullResponse } from '@schema/contracts/sync';
import { createTestApp, type TestApp } from '../test/harness';
import { logHead, recordChange } from './changelog';
import { insertFinds, pullScopes, signedIn, type TestClient } from './test-fixtures';

let t: TestApp;
let alice: { client: TestClient; user: { id: number } };
let anon: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  alice = await signedIn(t, 'alice');
  anon = t.client();
});
afterEach(() => t.close());

const seqOf = (cursor: string) => Number(cursor.split('.')[1]);
const titleOf = (changes: Change[], uid: string) =>
  changes.filter((c) => c.entity === 'finds' && c.uid === uid).map((c) => c.data?.title);

/** A promise and the function that settles it: how the test holds writer A's transaction open. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Settles with the value, or with 'pending' if `promise` has not settled after `ms`. */
async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T | 'pending'> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<'pending'>((resolve) => (timer = setTimeout(() => resolve('pending'), ms)));
  try {
    return await Promise.race([promise, waited]);
  } finally {
    clearTimeout(timer);
  }
}

describe('pull never skips a write', () => {
  it('S11: while writer A is uncommitted, no pull hands out a cursor past its seq; B commits after A', async () => {
    const [findA, findB] = await insertFinds(t, alice.user.id, 2);
    if (!findA || !findB) throw new Error('no finds');
    // Cursors from before either write.
    const before = (await pullScopes(anon, { 'recent:finds': '' })).cursors['recent:finds'] ?? '';

    const order: string[] = [];
    const holdA = gate();
    const appended = gate();
    let seqA = 0;
    // Writer A: renames find A, logs it, and waits with its transaction open.
    const writerA = t.db
      .transaction(async (tx) => {
        await tx.update(finds).set({ title: 'Written by A' }).where(eq(finds.id, findA.id));
        await recordChange(tx, 'finds', findA.id, findA.uid, 'upsert', { ownerId: alice.user.id });
        seqA = await logHead(tx);
        appended.open();
        await holdA.opened;
      })
      .then(() => order.push('A committed'));
    await appended.opened;

    // Writer B: the same for find B, committing as soon as it may.
    const writerB = t.db
      .transaction(async (tx) => {
        await tx.update(finds).set({ title: 'Written by B' }).where(eq(finds.id, findB.id));
        await recordChange(tx, 'finds', findB.id, findB.uid, 'upsert', { ownerId: alice.user.id });
      })
      .then(() => order.push('B committed'));

    /** Either the cursor stays below A's seq, or the answer carried A. */
    const expectCursorNotPastA = (changes: Change[], cursor: string) => {
      const sawA = titleOf(changes, findA.uid).length > 0;
      if (!sawA) expect(seqOf(cursor), "cursor below A's seq").toBeLessThan(seqA);
      return sawA;
    };
    const answerOf = (body: PullResponse) => ({
      changes: body.changes,
      cursor: body.scopes[0]?.cursor ?? '',
    });

    // B is given time to commit (it must not), then the pull runs while A is open. PostgreSQL answers it
    // at once (a read never waits for a writer); SQLite once A has committed.
    const bEarly = await settledWithin(writerB, 300);
    const pull = anon.post('/api/sync/pull', { scopes: [{ scope: 'recent:finds', cursor: before }] });
    try {
      expect(bEarly, 'B cannot commit while A holds its transaction open').toBe('pending');
      const early = await settledWithin(pull, 300);
      if (t.engine === 'postgres') {
        if (early === 'pending') throw new Error('PostgreSQL pulls do not wait for writers');
        const { changes, cursor } = answerOf(early.json as PullResponse);
        expect(expectCursorNotPastA(changes, cursor), 'A is not committed yet').toBe(false);
      } else expect(early, 'SQLite pulls wait for the open transaction').toBe('pending');
      expect(order).toEqual([]);
    } finally {
      holdA.open();
    }
    await Promise.all([writerA, writerB]);
    expect(order).toEqual(['A committed', 'B committed']);
    const seqB = Number(
      (
        await t.sql(
          "SELECT seq FROM change_log WHERE entity = 'finds' AND entity_id = ? AND uid = ?",
          findB.id,
          findB.uid,
        )
      )[0]?.seq,
    );
    expect(seqB, 'change order is commit order').toBeGreaterThan(seqA);

    // From the cursor the pull was given, the client now gets A's change (and B's).
    const { changes, cursor } = answerOf((await pull).json as PullResponse);
    const sawA = expectCursorNotPastA(changes, cursor);
    const next = (await pullScopes(anon, { 'recent:finds': cursor })).changes;
    expect(titleOf(sawA ? changes : next, findA.uid)).toEqual(['Written by A']);
    expect(titleOf([...changes, ...next], findB.uid)).toContain('Written by B');
  });

  it('S11: a write that rolls back leaves a gap, never a change, and does not hold later writers', async () => {
    const [find] = await insertFinds(t, alice.user.id, 1);
    if (!find) throw new Error('no find');
    const { cursors: before } = await pullScopes(anon, { 'recent:finds': '' });
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(finds).set({ title: 'Never happened' }).where(eq(finds.id, find.id));
        await recordChange(tx, 'finds', find.id, find.uid, 'upsert', { ownerId: alice.user.id });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.db.transaction(async (tx) => {
      await tx.update(finds).set({ title: 'Happened' }).where(eq(finds.id, find.id));
      await recordChange(tx, 'finds', find.id, find.uid, 'upsert', { ownerId: alice.user.id });
    });
    const { changes } = await pullScopes(anon, before);
    expect(titleOf(changes, find.uid)).toEqual(['Happened']);
  });
});
