import { sql } from 'drizzle-orm';
import { integer, text } from 'drizzle-orm/sqlite-core';

/** ISO-8601 UTC with milliseconds: sorts as text and reads as a JS date. */
export const nowIso = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const id = () => integer('id').primaryKey({ autoIncrement: true });
/** Device-made UUID v7 of a record that can be created offline (docs/sync.md). */
export const uid = () => text('uid').notNull().unique();
export const createdAt = () => text('created_at').notNull().default(nowIso);
export const updatedAt = () => text('updated_at').notNull().default(nowIso);
export const bool = (name: string) => integer(name, { mode: 'boolean' });
