/**
 * "Your data" (docs/export.md): the texts of the page and the two requests behind it — preparing the
 * member's export ZIP and sending one back for import. Plain fetch, not the JSON `api()` helper: one
 * answer is a ZIP the browser saves itself, the other request's body is a file of up to gigabytes.
 */
import type { ImportResult } from '@schema/contracts/my-data';
import { formatCount } from '@web/lib/numbers';

export const yourDataTexts = {
  title: 'Your data',
  description: 'Take everything you have put into DigQuest with you, or bring it back from an export.',
  downloadTitle: 'Download my data',
  downloadExplanation:
    'A ZIP file with your profile, finds (exact find spots and recording details included), your photos as you uploaded them, your spots with their permission records (GPX, KML and GeoJSON, as the map exports them), posts, comments, stories, events, messages, groups, follows and achievements. A README in the file explains each part. Nothing of other members is in it beyond the messages they sent you.',
  downloadButton: 'Download my data',
  preparing: 'Preparing your export… a large collection of photos can take a minute or two.',
  ready: (size: string, madeAt: string) => `Your export is ready (${size}, made ${madeAt}).`,
  saveAgain: 'Save the file again',
  makeNew: 'Make a new export',
  reused:
    'The download reuses an export made in the last 24 hours. Make a new one to include what you have added since.',
  importTitle: 'Import from a DigQuest export',
  importExplanation:
    'Bring your finds, their photos, your spots and their permission records from a DigQuest export into this account — on this server or another. Importing the same file twice adds nothing.',
  chooseFile: 'Export file (.zip)',
  importButton: 'Import',
  importing: 'Importing… keep this page open; a large export can take a few minutes.',
  noFile: 'Choose the ZIP file of a DigQuest export first.',
  notZip: 'That is not a ZIP file. Choose the file a DigQuest export downloaded.',
  offline: 'You are offline. Connect to download or import your data.',
  signedOut: 'Sign in to download or import your data.',
  failed: 'Something went wrong. Please try again.',
} as const;

export type ImportSummary = ImportResult;

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** "Imported 12 finds, 30 photos and 4 spots." — with what was already here, when anything was. */
export function describeImport({ imported, skipped }: ImportSummary): string {
  const parts = [
    plural(imported.finds, 'find', 'finds'),
    plural(imported.photos, 'photo', 'photos'),
    plural(imported.spots, 'spot', 'spots'),
  ];
  const already = skipped.finds + skipped.photos + skipped.spots;
  const head = `Imported ${parts[0]}, ${parts[1]} and ${parts[2]}.`;
  return already > 0
    ? `${head} ${plural(already, 'record was', 'records were')} already here or could not be read.`
    : head;
}

export class YourDataError extends Error {}

async function messageOf(res: Response): Promise<string> {
  try {
    const body: unknown = await res.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // Not JSON (a proxy's error page): the generic text says enough.
  }
  return res.status === 401 ? yourDataTexts.signedOut : yourDataTexts.failed;
}

export const EXPORT_URL = '/api/me/export';

export interface PreparedExport {
  size: number | null;
  madeAt: Date | null;
  filename: string;
}

/**
 * Asks the server to make (or reuse) the export and waits for its answer's head only: the body is left
 * for the browser's own download of the same URL, which resumes after a dropped connection (the server
 * serves the built file with ranges) and never passes gigabytes through this page's memory.
 */
export async function prepareExport(fresh: boolean): Promise<PreparedExport> {
  const controller = new AbortController();
  let res: Response;
  try {
    res = await fetch(fresh ? `${EXPORT_URL}?fresh=1` : EXPORT_URL, {
      credentials: 'include',
      signal: controller.signal,
    });
  } catch {
    throw new YourDataError(yourDataTexts.offline);
  }
  if (!res.ok) throw new YourDataError(await messageOf(res));
  controller.abort();
  const length = Number(res.headers.get('Content-Length'));
  const modified = res.headers.get('Last-Modified');
  const disposition = res.headers.get('Content-Disposition') ?? '';
  return {
    size: Number.isFinite(length) && length > 0 ? length : null,
    madeAt: modified ? new Date(modified) : null,
    filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'digquest-export.zip',
  };
}

/** Sends an export ZIP as the request's body (the server streams it to disk, so any size goes). */
export async function importExport(file: Blob): Promise<ImportSummary> {
  let res: Response;
  try {
    res = await fetch('/api/me/import', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/zip', Accept: 'application/json' },
      body: file,
    });
  } catch {
    throw new YourDataError(yourDataTexts.offline);
  }
  if (!res.ok) throw new YourDataError(await messageOf(res));
  return (await res.json()) as ImportSummary;
}

/** A ZIP starts with "PK\x03\x04" (or "PK\x05\x06" when empty): checked before gigabytes are sent. */
export async function looksLikeZip(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5);
}
