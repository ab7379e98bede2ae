/**
 * First start: the official DigQuestor account (id 1) and the forum categories. Idempotent: runs at
 * every start and only adds what is missing.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { categories, users } from '@schema/db/tables';
import { OFFICIAL_USER_ID, OFFICIAL_USERNAME } from '@schema/contracts/constants';
import { engineOf, type Db } from '../lib/db';
import { changedRows, execute, first } from '../lib/query';
import { hashPassword } from '../lib/auth/password';

export const FORUM_CATEGORIES = [
  {
    slug: 'general-discussion',
    name: 'General Discussion',
    icon: 'messages-square',
    description: 'Anything detecting: days out, questions, banter.',
  },
  {
    slug: 'finds-identification',
    name: 'Finds Identification',
    icon: 'search',
    description: 'Post a photo and let the community help identify and date it.',
  },
  {
    slug: 'detectors-equipment',
    name: 'Detectors & Equipment',
    icon: 'radar',
    description: 'Machines, coils, pinpointers, spades and settings.',
  },
  {
    slug: 'research-permissions',
    name: 'Research & Permissions',
    icon: 'map',
    description: 'Old maps, field walking, and asking landowners for permission.',
  },
  {
    slug: 'treasure-pas',
    name: 'Treasure Act & PAS',
    icon: 'landmark',
    description: 'Reporting under the Treasure Act 1996 and recording with your FLO.',
  },
  {
    slug: 'beach-foreshore',
    name: 'Beach & Foreshore',
    icon: 'waves',
    description: 'Beach detecting, tides and foreshore permits.',
  },
  {
    slug: 'clubs-rallies',
    name: 'Clubs & Rallies',
    icon: 'users',
    description: 'Club news, group digs and rally reports.',
  },
  {
    slug: 'wellbeing',
    name: 'Wellbeing',
    icon: 'heart',
    description: 'How getting out in the fields helps body and mind.',
  },
] as const;

export interface SeedResult {
  /** Set only when the official account was created with a generated password (save it once). */
  generatedPassword?: string;
}

export const OFFICIAL_PASSWORD_FILE = 'digquestor-password.txt';

/**
 * Writes a generated official password to DATA_DIR/digquestor-password.txt, readable by the server's user
 * only, and returns the file's path. Logs are often kept, shipped and shared; a password must not be in
 * them. A file left from an earlier database is replaced, never reused: it is removed first, so the new
 * one is created with mode 600 rather than inheriting the old file's mode.
 */
export function saveGeneratedPassword(dataDir: string, password: string): string {
  const file = path.join(dataDir, OFFICIAL_PASSWORD_FILE);
  fs.rmSync(file, { force: true });
  fs.writeFileSync(
    file,
    [
      `DigQuest official account, created ${new Date().toISOString()}`,
      `username: ${OFFICIAL_USERNAME}`,
      `password: ${password}`,
      'Keep the password somewhere safe, then delete this file.',
      '',
    ].join('\n'),
    { mode: 0o600, flag: 'wx' },
  );
  return file;
}

/** Saves a generated password (saveGeneratedPassword) and says where it is, on the console only. */
export function announceGeneratedPassword(dataDir: string, password: string): void {
  const file = saveGeneratedPassword(dataDir, password);
  console.log(
    `\n  Official account created: DigQuestor. Its generated password is in\n  ${file}\n  (readable by this user only; keep it safe, then delete the file)\n`,
  );
}

export async function seedInitial(db: Db, officialPassword: string | undefined): Promise<SeedResult> {
  const result: SeedResult = {};
  const official = await first(db.select({ id: users.id }).from(users).where(eq(users.id, OFFICIAL_USER_ID)));
  if (!official) {
    const password = officialPassword ?? randomBytes(12).toString('base64url');
    // Several servers starting at once on one PostgreSQL database: one creates the account.
    const created = await changedRows(
      db
        .insert(users)
        .values({
          id: OFFICIAL_USER_ID,
          username: OFFICIAL_USERNAME,
          password: await hashPassword(password),
          email: 'official@digquest.local',
          isEmailVerified: true,
          bio: 'The official DigQuest account: news, guides and community moderation.',
        })
        .onConflictDoNothing()
        .returning({ id: users.id }),
    );
    if (created && !officialPassword) result.generatedPassword = password;
    // PostgreSQL's identity sequence does not see an id given explicitly: moved past it, the next member
    // gets id 2 (SQLite takes the largest id + 1 by itself).
    if (engineOf(db) === 'postgres')
      await execute(
        db,
        sql`SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users))`,
      );
  }
  await db
    .insert(categories)
    .values([...FORUM_CATEGORIES])
    .onConflictDoNothing({ target: categories.slug });
  return result;
}
