import type { Config } from './lib/config';
import type { Db } from './lib/db';
import type { Logger } from './lib/logger';
import type { Mailer } from './lib/mail';

/** What every feature sub-app receives: no globals, so tests build as many apps as they like. */
export interface Deps {
  db: Db;
  config: Config;
  logger: Logger;
  mailer: Mailer;
}
