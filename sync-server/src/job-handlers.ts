/**
 * Every kind of job the queue runs, by name (docs/jobs.md): like app.ts for routes, the one file that
 * names the features whose jobs these are. A job of a kind not listed fails at once, visibly.
 */
import type { JobHandlers } from './lib/jobs/types';

export const jobHandlers: JobHandlers = {};
