/** Which database a configuration opens (lib/db.ts databaseConfig; README "Configuration"). */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { databaseConfig } from './db';

describe('databaseConfig', () => {
  it('opens SQLite in DATA_DIR without DATABASE_URL', () => {
    const config = loadConfig({ DATA_DIR: '/srv/dq' }, '/');
    expect(databaseConfig(config)).toEqual({
      engine: 'sqlite',
      file: path.join('/srv/dq', 'digquest.sqlite'),
    });
  });

  it('opens PostgreSQL with DATABASE_URL, a pool of DATABASE_POOL_SIZE (default 10)', () => {
    const url = 'postgres://dq:secret@db.internal:5432/digquest';
    expect(databaseConfig(loadConfig({ DATABASE_URL: url }))).toEqual({
      engine: 'postgres',
      url,
      poolSize: 10,
    });
    expect(
      databaseConfig(loadConfig({ DATABASE_URL: 'postgresql://db/dq', DATABASE_POOL_SIZE: '25' })),
    ).toMatchObject({ engine: 'postgres', poolSize: 25 });
    expect(databaseConfig(loadConfig({ DATABASE_URL: '  ' })).engine).toBe('sqlite');
  });

  it('stops the start on a DATABASE_URL that is not PostgreSQL, or a pool size that is not a number', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/dq' })).toThrow(
      /DATABASE_URL must be a PostgreSQL URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: './data/digquest.sqlite' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });
});
