/**
 * Tables of the sync layer added after the first migration (sync-server/src/sync/PROTOCOL.md).
 * Re-exported by tables.ts so drizzle-kit and the server see one schema.
 */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { users } from './account-tables';

/**
 * Photos uploaded by PUT /api/sync/blobs/{sha256}, keyed by the SHA-256 of the bytes the client sent
 * (before the server re-encodes them). A queued find names its photo by that hash, so the mutation can
 * be pushed later, from any retry, and still find its photo. The thumbnail URL follows from `url` by
 * naming convention (`/uploads/<sha>.webp` → `/uploads/<sha>-thumb.webp`).
 */
export const blobUploads = sqliteTable('blob_uploads', {
  sha256: text('sha256').primaryKey(),
  url: text('url').notNull(),
  uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
