/**
 * `npm run db:copy -- --from ./data/digquest.sqlite --to postgres://user:password@host:5432/digquest` —
 * copies a SQLite community into a new, empty PostgreSQL database (README.md "Scaling out"): every table,
 * with its ids, uids and change-log seqs, in one transaction (how and why: scripts/db-copy-postgres.ts),
 * then prints a summary and how to move the photos, which are files, not rows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copySqliteToPostgres, seconds } from './db-copy-postgres';

/** How to move the photo files, printed after the copy (they are not in the database). */
export function photoInstructions(sqliteFile: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const uploads = path.join(path.dirname(path.resolve(sqliteFile)), 'uploads');
  const files = fs.existsSync(uploads)
    ? fs.readdirSync(uploads).filter((name) => !name.endsWith('.tmp')).length
    : 0;
  const bucket = env.S3_BUCKET || '<bucket>';
  const endpoint = env.S3_ENDPOINT ? ` --endpoint-url ${env.S3_ENDPOINT}` : '';
  return [
    `Photos are files, not rows: ${files.toLocaleString('en-GB')} in ${uploads}. Copy them where the new servers read them:`,
    `  S3 bucket (S3_BUCKET):  aws s3 sync ${uploads} s3://${bucket}/${endpoint} --exclude '*.tmp' \\`,
    `                            --content-type image/webp --cache-control 'public, max-age=31536000, immutable'`,
    `                 MinIO:   mc mirror --exclude '*.tmp' ${uploads} <alias>/${bucket}`,
    `  data directory:         rsync -a --exclude '*.tmp' ${uploads}/ <server>:<DATA_DIR>/uploads/`,
    'Each file keeps its name as the object key (lib/photo-store.ts); running the command again copies only new ones.',
  ];
}

function argument(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  const inline = args.find((a) => a.startsWith(`${name}=`));
  return inline ? inline.slice(name.length + 1) : at >= 0 ? args[at + 1] : undefined;
}

async function main(args: string[]): Promise<void> {
  const from = argument(args, '--from')?.replace(/^sqlite:/, '');
  const to = argument(args, '--to');
  if (!from || !to) {
    console.error(
      'Usage: npm run db:copy -- --from ./data/digquest.sqlite --to postgres://user@host:5432/digquest',
    );
    process.exitCode = 2;
    return;
  }
  console.log(`Copying ${from} into PostgreSQL`);
  const summary = await copySqliteToPostgres({ from, to, log: console.log });
  const rows = summary.tables.reduce((sum, t) => sum + t.target, 0);
  console.log(
    `\n${summary.tables.length} tables, ${rows.toLocaleString('en-GB')} rows, counts checked, in ${seconds(summary.ms)}.`,
  );
  const moved = summary.sequences.filter((s) => s.next > 1);
  console.log(
    `${summary.sequences.length} identity sequences restarted above the copied values` +
      (moved.length ? `: ${moved.map((s) => `${s.table}.${s.column} next ${s.next}`).join(', ')}` : ''),
  );
  console.log(`\n${photoInstructions(from).join('\n')}`);
  console.log('\nThen set DATABASE_URL (and S3_*) for the servers and start them (README.md "Scaling out").');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`db:copy failed, nothing was committed: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  });
}
