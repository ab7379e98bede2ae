/**
 * Views of any opted-in parent (post views today): counted by the server once per visitor, per parent,
 * per UTC day — never once per reload. A view is counted by an explicit request the page sends once when
 * it opens (POST /api/posts/{id}/view); reads and pulls never count, so refreshes, prefetches and
 * service-worker revalidation cannot inflate the number. Views are online-only: never queued offline.
 *
 * The visitor is the member when signed in (`m:<id>`). Otherwise it is their address — an IPv4 address or
 * an IPv6 /64 (lib/client-address.ts addressGroup), as TRUST_PROXY lets us believe it — never the user
 * agent, which a client can change at will to be counted again. The key is an HMAC of that address under a
 * random salt that exists for one UTC day only: no address is stored, and when the day ends its salt and
 * its view rows are deleted, so yesterday's keys cannot be linked to anyone — not even by someone holding
 * the database (docs/privacy.md#other-personal-data). The parents' counters are what remains. Visitors
 * sharing an address (a household, an office) count once a day together: a popularity sort can afford it.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { eq, gt, lt, ne, or } from 'drizzle-orm';
import { postViewSalts } from '@schema/db/tables';
import { addressGroup, clientAddress } from '../lib/client-address';
import { changedRows, first } from '../lib/query';
import type { RecordRef, Store } from '../sync/registry';
import type { EngagementParent, ViewResult, ViewsConfig } from './descriptor';
import { bumpCounter, columnKey, requireParent } from './parent';

/** A member, or a signed-out visitor by address group (IPv4 address, IPv6 /64). */
export type Visitor = { memberId: number } | { addressGroup: string };

export function visitorOf(c: Context, memberId: number | null): Visitor {
  if (memberId !== null) return { memberId };
  return { addressGroup: addressGroup(clientAddress(c)) };
}

/**
 * Today's salt, made on the day's first view; past days' salts are deleted then. One salt serves every
 * views table (the table keeps its historical name, post_view_salts).
 */
async function saltFor(tx: Store, day: string): Promise<string> {
  const existing = await first(
    tx.select({ salt: postViewSalts.salt }).from(postViewSalts).where(eq(postViewSalts.day, day)),
  );
  if (existing) return existing.salt;
  await tx.delete(postViewSalts).where(ne(postViewSalts.day, day));
  // Two servers making the day's salt at once: the first one's stays, and both use it.
  await tx
    .insert(postViewSalts)
    .values({ day, salt: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const made = await first(
    tx.select({ salt: postViewSalts.salt }).from(postViewSalts).where(eq(postViewSalts.day, day)),
  );
  if (!made) throw new Error(`no view salt for ${day}`);
  return made.salt;
}

async function visitorKey(tx: Store, visitor: Visitor, day: string): Promise<string> {
  if ('memberId' in visitor) return `m:${visitor.memberId}`;
  const digest = createHmac('sha256', await saltFor(tx, day))
    .update(visitor.addressGroup)
    .digest('base64url');
  return `v:${digest}`;
}

export interface ViewsService {
  /** Counts the view if this visitor has not been counted for this parent today; answers the count. */
  record(store: Store, parentRef: RecordRef, visitor: Visitor, now?: Date): Promise<ViewResult>;
}

export function viewsService(parent: EngagementParent, config: ViewsConfig): ViewsService {
  const { table } = config;
  const parentIdKey = columnKey(table, config.parentId);
  return {
    record(store, parentRef, visitor, now = new Date()) {
      return store.transaction(async (tx) => {
        const found = await requireParent(tx, parent, parentRef, config.counter);
        const day = now.toISOString().slice(0, 10);
        // Members' keys need no salt, but the day's first view of any kind retires the days before it:
        // their salt, and this table's rows of other days (two index range scans, empty once done).
        await saltFor(tx, day);
        await tx.delete(table).where(or(lt(table.day, day), gt(table.day, day)));
        const inserted = await changedRows(
          tx
            .insert(table)
            .values({ [parentIdKey]: found.id, visitorKey: await visitorKey(tx, visitor, day), day })
            .onConflictDoNothing()
            .returning({ day: table.day }),
        );
        if (inserted === 0) return { views: found.count, counted: false };
        // Devices holding the parent get the new number through its counts, not the whole record (S30).
        const views = await bumpCounter(tx, parent, config.counter, found.id, 1, 'views');
        return { views: views ?? found.count + 1, counted: true };
      });
    },
  };
}
