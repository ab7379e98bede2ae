/**
 * The change log's sequence jumps on `npm run db:restore` (scripts/db-restore.ts; docs/operations.md
 * "Backup and restore"). The server the backup came from may have logged changes after it, and devices may
 * have pulled them: their cursors are past the backup's last seq (sync-server/src/sync/PROTOCOL.md S11).
 * Were the restored server to number its changes from there, such a device would skip them as already
 * seen. After the jump every new change comes after any seq the old server handed out (up to a billion
 * changes after its backup), so every device's pull carries on. Seqs already have gaps (compaction).
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseConfig } from '../sync-server/src/lib/db';

export const CHANGE_LOG_JUMP = 1_000_000_000;

/** SQLite: the AUTOINCREMENT high-water mark of change_log (sqlite_sequence), in the restored file. */
export function jumpSqliteChangeLog(file: string): void {
  const sqlite = new Database(file, { fileMustExist: true });
  try {
    sqlite.transaction(() => {
      const { seq } = sqlite
        .prepare(
          `SELECT max(coalesce((SELECT max(seq) FROM change_log), 0),
                      coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'change_log'), 0)) AS seq`,
        )
        .get() as { seq: number };
      sqlite.prepare("DELETE FROM sqlite_sequence WHERE name = 'change_log'").run();
      sqlite
        .prepare("INSERT INTO sqlite_sequence (name, seq) VALUES ('change_log', ?)")
        .run(seq + CHANGE_LOG_JUMP);
    })();
  } finally {
    sqlite.close();
  }
}

/** PostgreSQL: the identity sequence of change_log.seq; then ANALYZE, which pg_restore does not run. */
export async function jumpPostgresChangeLog(
  database: Extract<DatabaseConfig, { engine: 'postgres' }>,
): Promise<void> {
  const client = new pg.Client({
    connectionString: database.url,
    ...(database.schema ? { options: `-c search_path=${database.schema}` } : {}),
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "SELECT pg_get_serial_sequence('change_log', 'seq') AS name",
    );
    const sequence = rows[0]?.name ?? 'change_log_seq_seq';
    await client.query(
      `SELECT setval('${sequence}', greatest((SELECT coalesce(max(seq), 0) FROM change_log),
                                             (SELECT last_value FROM ${sequence})) + ${CHANGE_LOG_JUMP})`,
    );
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}
