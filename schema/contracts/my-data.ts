/**
 * "Download my data" and "Import from a DigQuest export" (docs/export.md; docs/api.md "My data"): the
 * archive's name and layout, the limits, the answers and the messages the web app shows. Shared by the
 * server, which builds and reads the archive, and the web app's Settings, which offers both.
 */

/** `manifest.json`'s `format` and `version`: what makes a ZIP a DigQuest export. */
export const EXPORT_FORMAT = 'digquest-export';
export const EXPORT_VERSION = 1;

/** Archives built per member per window (a retry or resume of a built one is not counted). */
export const EXPORT_BUILDS_PER_DAY = 3;
/** Imports per member per window. */
export const IMPORTS_PER_DAY = 5;
/** The window of both limits, and how long a built archive is kept for resuming (24 h). */
export const EXPORT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The largest import body: a ZIP without ZIP64 stays under 4 GiB. */
export const IMPORT_MAX_BYTES = 4 * 1024 * 1024 * 1024;
/** Problems listed in an import's answer (the counts cover the rest). */
export const IMPORT_PROBLEMS_SHOWN = 20;

export const myDataMessages = {
  signIn: 'Sign in to download your data.',
  signInToImport: 'Sign in to import your data.',
  tooManyExports: `You can download your data ${EXPORT_BUILDS_PER_DAY} times a day. Your last download is still available; please try again later for a new one.`,
  tooManyImports: `You can import ${IMPORTS_PER_DAY} times a day. Please try again later.`,
  notAnExport: 'This file is not a DigQuest export. Choose the ZIP you downloaded with "Download my data".',
  newerExport: 'This export was made by a newer version of DigQuest. Please update this server first.',
  importTooLarge: 'This file is too large to import (the limit is 4 GB).',
  notZip: 'Send the export as application/zip.',
} as const;

/** `manifest.json`. */
export interface ExportManifest {
  format: typeof EXPORT_FORMAT;
  version: number;
  exportedAt: string;
  user: { id: number; username: string };
  counts: Record<string, number>;
  /** Photos left out because the archive would have passed the 4 GiB a ZIP can hold (rare). */
  omittedPhotos?: string[];
}

/** The answer of POST /api/me/import. */
export interface ImportResult {
  imported: { finds: number; photos: number; spots: number };
  /** Already there (an earlier import, or the original account) or refused; refusals are in `problems`. */
  skipped: { finds: number; photos: number; spots: number };
  /** The first IMPORT_PROBLEMS_SHOWN problems, each naming the record. */
  problems: string[];
}

/** `digquest-export-<username>-<YYYY-MM-DD>.zip`, the name the download is saved under. */
export function exportFileName(username: string, at: Date): string {
  const safe = username.replace(/[^A-Za-z0-9._-]/g, '_');
  return `digquest-export-${safe}-${at.toISOString().slice(0, 10)}.zip`;
}
