/**
 * `tsx scripts/make-pg-schema.ts` (first step of `npm run db:generate`) — writes schema/db/pg/tables.ts, the
 * PostgreSQL mirror of the SQLite tables (schema/db/tables.ts), from which drizzle-kit generates
 * sync-server/migrations/pg (drizzle.pg.config.ts). The mirror is DDL only: the server uses the SQLite table
 * objects on both engines, so every table keeps its export name, its column keys and its SQL names.
 *
 * Mapping: integer primary key → integer identity, by default (explicit ids stay possible, as db:copy
 * needs), bigint for the change log's seq, which grows with every write; integer → integer; boolean mode →
 * boolean; real → double precision; blob (buffer) → bytea; text and json-mode text → text; the ISO-now
 * default → its to_char twin (pg/columns.ts); single-column foreign keys with their actions; indexes,
 * uniques and composite primary keys by name; a `COLLATE NOCASE` or lower() unique index → a unique index
 * on lower(column). Anything else throws, so a new kind of column or index is noticed here rather than
 * silently dropped. sync-server/src/lib/pg-schema.test.ts fails when the committed mirror or its
 * migrations are stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Column, getTableColumns, is, SQL, StringChunk } from 'drizzle-orm';
import { getTableConfig, SQLiteSyncDialect, SQLiteTable } from 'drizzle-orm/sqlite-core';
import prettier from 'prettier';
import * as sqliteTables from '../schema/db/tables';

const root = path.resolve(import.meta.dirname, '..');
export const PG_SCHEMA_FILE = path.join(root, 'schema/db/pg/tables.ts');

/** Integer columns that need 64 bits on PostgreSQL (SQLite's integer is always 64-bit). */
const BIGINT_COLUMNS: Record<string, string[]> = { change_log: ['seq'] };

const SQLITE_NOW_ISO = `(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

const dialect = new SQLiteSyncDialect();
const sqlText = (value: SQL) => dialect.sqlToQuery(value).sql;
const literal = (value: unknown) => JSON.stringify(value);

function fail(table: string, what: string): never {
  throw new Error(
    `make-pg-schema: ${table}: ${what} has no PostgreSQL mapping yet; extend scripts/make-pg-schema.ts`,
  );
}

interface Rendered {
  builders: Set<string>;
  helpers: Set<string>;
}

function renderDefault(table: string, column: Column, out: Rendered): string {
  if (!column.hasDefault || column.default === undefined) return '';
  if (is(column.default, SQL)) {
    if (sqlText(column.default) !== SQLITE_NOW_ISO) fail(table, `the default ${sqlText(column.default)}`);
    out.helpers.add('nowIso');
    return '.default(nowIso)';
  }
  if (['string', 'number', 'boolean'].includes(typeof column.default))
    return `.default(${literal(column.default)})`;
  return fail(table, `the default of ${column.name}`);
}

function renderColumnType(table: string, column: Column, out: Rendered): string {
  const name = literal(column.name);
  const autoIncrement = 'autoIncrement' in column && column.autoIncrement === true;
  switch (column.columnType) {
    case 'SQLiteInteger': {
      const wide = BIGINT_COLUMNS[table]?.includes(column.name) ?? false;
      const builder = wide ? 'bigint' : 'integer';
      out.builders.add(builder);
      const base = wide ? `bigint(${name}, { mode: 'number' })` : `integer(${name})`;
      // SQLite numbers an integer primary key by itself, AUTOINCREMENT or not (it is the rowid).
      if (autoIncrement || column.primary) return `${base}.primaryKey().generatedByDefaultAsIdentity()`;
      return base;
    }
    case 'SQLiteBoolean':
      out.builders.add('boolean');
      return `boolean(${name})`;
    case 'SQLiteReal':
      out.builders.add('doublePrecision');
      return `doublePrecision(${name})`;
    case 'SQLiteBlobBuffer':
      out.helpers.add('bytea');
      return `bytea(${name})`;
    case 'SQLiteText':
    case 'SQLiteTextJson': {
      out.builders.add('text');
      const values = column.enumValues;
      return values?.length ? `text(${name}, { enum: ${literal(values)} })` : `text(${name})`;
    }
    default:
      return fail(table, `column ${column.name} (${column.columnType})`);
  }
}

function renderColumn(table: SQLiteTable, column: Column, out: Rendered): string {
  const config = getTableConfig(table);
  let code = renderColumnType(config.name, column, out);
  const identity = code.endsWith('generatedByDefaultAsIdentity()');
  if (column.primary && !identity) code += '.primaryKey()';
  if (column.notNull && !column.primary) code += '.notNull()';
  code += renderDefault(config.name, column, out);
  if (column.isUnique) {
    const defaultName = `${config.name}_${column.name}_unique`;
    code += column.uniqueName === defaultName ? '.unique()' : `.unique(${literal(column.uniqueName)})`;
  }
  for (const fk of config.foreignKeys) {
    const ref = fk.reference();
    if (!ref.columns.some((c) => c.name === column.name)) continue;
    if (ref.columns.length !== 1) fail(config.name, `the multi-column foreign key ${fk.getName()}`);
    const target = ref.foreignColumns[0];
    const targetTable = exportNameOf(ref.foreignTable);
    const targetKey =
      target && Object.entries(getTableColumns(ref.foreignTable)).find(([, c]) => c === target)?.[0];
    if (!targetKey) fail(config.name, `the foreign key ${fk.getName()}`);
    const actions = [
      fk.onDelete && `onDelete: ${literal(fk.onDelete)}`,
      fk.onUpdate && `onUpdate: ${literal(fk.onUpdate)}`,
    ].filter(Boolean);
    code += `.references(() => ${targetTable}.${targetKey}${actions.length ? `, { ${actions.join(', ')} }` : ''})`;
  }
  return code;
}

/**
 * The column of a case-insensitive index expression, `${column} COLLATE NOCASE` or `lower(${column})`,
 * else undefined. Both become lower(column) on PostgreSQL.
 */
function caseInsensitiveColumn(expression: SQL): Column | undefined {
  const chunks = expression.queryChunks;
  const column = chunks[1];
  if (chunks.length !== 3 || !is(column, Column)) return undefined;
  const text = (chunk: unknown) =>
    is(chunk, StringChunk) ? chunk.value.join('').trim().toLowerCase() : null;
  const [before, after] = [text(chunks[0]), text(chunks[2])];
  const nocase = before === '' && after === 'collate nocase';
  const lower = before === 'lower(' && after === ')';
  return nocase || lower ? column : undefined;
}

function renderIndexColumn(table: string, part: unknown, keyOf: Map<string, string>, out: Rendered): string {
  if (is(part, SQL)) {
    const key = keyOf.get(caseInsensitiveColumn(part)?.name ?? '');
    if (!key) return fail(table, `the index expression ${sqlText(part)}`);
    out.builders.add('sql');
    return `sql\`lower(\${t.${key}})\``;
  }
  const column = part as Column;
  const key = keyOf.get(column.name);
  return key ? `t.${key}` : fail(table, `the index column ${column.name}`);
}

/** Table-level constraints and indexes: the third argument of pgTable. */
function renderExtras(table: SQLiteTable, keyOf: Map<string, string>, out: Rendered): string[] {
  const config = getTableConfig(table);
  if (config.checks.length) fail(config.name, 'a check constraint');
  const columnList = (columns: Column[]) => columns.map((c) => renderIndexColumn(config.name, c, keyOf, out));
  const primaryKeys = config.primaryKeys.map((key) => {
    out.builders.add('primaryKey');
    return `primaryKey({ name: ${literal(key.getName())}, columns: [${columnList(key.columns).join(', ')}] })`;
  });
  const uniques = config.uniqueConstraints.map((constraint) => {
    out.builders.add('unique');
    return `unique(${literal(constraint.getName())}).on(${columnList(constraint.columns).join(', ')})`;
  });
  const indexes = config.indexes.map(({ config: index }) => {
    if (index.where) fail(config.name, `the partial index ${index.name}`);
    const builder = index.unique ? 'uniqueIndex' : 'index';
    out.builders.add(builder);
    const columns = index.columns.map((part) => renderIndexColumn(config.name, part, keyOf, out));
    return `${builder}(${literal(index.name)}).on(${columns.join(', ')})`;
  });
  return [...primaryKeys, ...uniques, ...indexes];
}

const exportNames = new Map<SQLiteTable, string>(
  // Sorted: module namespaces list exports alphabetically under Node, in source order under Vite (tests).
  Object.entries(sqliteTables)
    .filter((entry: [string, unknown]): entry is [string, SQLiteTable] => is(entry[1], SQLiteTable))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, table]) => [table, name]),
);

function exportNameOf(table: unknown): string {
  const name = is(table, SQLiteTable) ? exportNames.get(table) : undefined;
  if (!name)
    throw new Error(
      'make-pg-schema: a foreign key points at a table that schema/db/tables.ts does not export',
    );
  return name;
}

function renderTable(exportName: string, table: SQLiteTable, out: Rendered): string {
  const columns = Object.entries(getTableColumns(table));
  const keyOf = new Map(columns.map(([key, column]) => [column.name, key]));
  const body = columns.map(([key, column]) => `${key}: ${renderColumn(table, column, out)},`).join('\n');
  const extras = renderExtras(table, keyOf, out);
  const extra = extras.length ? `, (t) => [${extras.join(', ')}]` : '';
  out.builders.add('pgTable');
  return `export const ${exportName} = pgTable(${literal(getTableConfig(table).name)}, {\n${body}\n}${extra});`;
}

/** The mirror's source, formatted as the repository's Prettier config formats it. */
export async function renderPgSchema(): Promise<string> {
  const out: Rendered = { builders: new Set(), helpers: new Set() };
  const tables = [...exportNames].map(([table, name]) => renderTable(name, table, out));
  const sqlImport = out.builders.delete('sql') ? `import { sql } from 'drizzle-orm';\n` : '';
  const source = [
    `// Generated by scripts/make-pg-schema.ts from schema/db/tables.ts: do not edit, run \`npm run db:generate\`.`,
    `// The PostgreSQL DDL mirror of the SQLite tables; the server never imports it (see pg/columns.ts).`,
    `${sqlImport}import { ${[...out.builders].sort().join(', ')} } from 'drizzle-orm/pg-core';`,
    `import { ${[...out.helpers].sort().join(', ')} } from './columns';`,
    '',
    tables.join('\n\n'),
  ].join('\n');
  const options = await prettier.resolveConfig(PG_SCHEMA_FILE);
  return prettier.format(source, { ...options, filepath: PG_SCHEMA_FILE });
}

export const PG_MIGRATIONS_DIR = path.join(root, 'sync-server/migrations/pg');

/**
 * drizzle-kit names the target of every foreign key `"public"."table"`, which would tie the schema to
 * `public`; unqualified, the tables land in the migrating session's schema (lib/pg-migrate.ts `schema`,
 * one per test app). Run after `drizzle-kit generate` (`--unqualify`); returns the files it changed.
 */
export function unqualifyPgMigrations(): string[] {
  const changed: string[] = [];
  for (const file of fs.readdirSync(PG_MIGRATIONS_DIR).filter((name) => name.endsWith('.sql'))) {
    const full = path.join(PG_MIGRATIONS_DIR, file);
    const text = fs.readFileSync(full, 'utf8');
    const fixed = text.replaceAll('"public".', '');
    if (fixed !== text) {
      fs.writeFileSync(full, fixed);
      changed.push(file);
    }
  }
  return changed;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain && process.argv.includes('--unqualify')) {
  for (const file of unqualifyPgMigrations())
    console.log(`sync-server/migrations/pg/${file}: unqualified "public".`);
} else if (isMain) {
  const source = await renderPgSchema();
  fs.mkdirSync(path.dirname(PG_SCHEMA_FILE), { recursive: true });
  fs.writeFileSync(PG_SCHEMA_FILE, source);
  console.log(`${path.relative(root, PG_SCHEMA_FILE)}: ${exportNames.size} tables`);
}
