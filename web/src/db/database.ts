/**
 * The one Dexie database. Tables of records members can create offline are keyed by `uid` from the first
 * version (Dexie cannot change a primary key later, DESIGN.md §8). Add a new `db.version(n)` for every
 * schema change; never edit an old one.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { PublicUser, SelfUser } from '@schema/contracts/users';

/** The signed-in member, kept so the header still shows them offline. Always one row, key 'current'. */
export interface SessionRow {
  key: 'current';
  user: SelfUser | null;
  /** When the server last confirmed the session. */
  checkedAt: string;
}

export class DigQuestDb extends Dexie {
  session!: EntityTable<SessionRow, 'key'>;
  users!: EntityTable<PublicUser, 'id'>;

  constructor(name = 'digquest') {
    super(name);
    this.version(1).stores({
      session: 'key',
      users: 'id, username',
    });
  }
}

export const db = new DigQuestDb();
