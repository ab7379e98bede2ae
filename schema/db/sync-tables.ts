/**
 * Tables of the sync layer added after the first migration (sync-server/src/sync/PROTOCOL.md).
 * Re-exported by tables.ts so drizzle-kit and the server see one schema.
 */
import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, id } from './columns';
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

/**
 * Private photos (a message's attachment, PROTOCOL.md S9): uploaded by PUT /api/sync/blobs/{sha256}?for=…,
 * stored under names `/uploads/` never serves, and readable only through their entity's own route. Keyed
 * by uploader and client hash: one member's private upload is never another's answer, so a check or a
 * mutation cannot learn that someone else holds the same photo.
 */
export const privateBlobUploads = sqliteTable(
  'private_blob_uploads',
  {
    id: id(),
    sha256: text('sha256').notNull(),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('private_blob_uploads_owner_sha').on(t.uploadedBy, t.sha256)],
);
