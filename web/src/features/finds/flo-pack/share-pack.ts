/**
 * Hands the finished pack over (docs/find-recording.md "The FLO pack"): the share sheet where the browser
 * can share files of this type (`navigator.canShare({ files })`: Safari on iPhone, for one), so it can go
 * straight to mail or a chat; otherwise a download. Chrome on Android shares no ZIP files, and a share
 * refused because building the pack outlasted the tap's permission (NotAllowedError) downloads instead.
 */

export type ShareOutcome = 'shared' | 'downloaded' | 'cancelled';

/** The parts of the browser this needs, so a test can stand in for them. */
export interface ShareEnvironment {
  navigator: Partial<Pick<Navigator, 'canShare' | 'share'>>;
  document: Document;
  createObjectURL: (blob: Blob) => string;
  revokeObjectURL: (url: string) => void;
}

export const ZIP_TYPE = 'application/zip';
/** Long enough for the slowest browser to start reading the download before its URL goes. */
const REVOKE_AFTER_MS = 60_000;

function browserEnvironment(): ShareEnvironment {
  return {
    navigator,
    document,
    createObjectURL: (blob) => URL.createObjectURL(blob),
    revokeObjectURL: (url) => URL.revokeObjectURL(url),
  };
}

const errorName = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';

function download(file: File, env: ShareEnvironment): void {
  const url = env.createObjectURL(file);
  const link = env.document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  link.style.display = 'none';
  env.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => env.revokeObjectURL(url), REVOKE_AFTER_MS);
}

export async function sharePack(
  zip: Uint8Array<ArrayBuffer>,
  fileName: string,
  env: ShareEnvironment = browserEnvironment(),
): Promise<ShareOutcome> {
  const file = new File([zip], fileName, { type: ZIP_TYPE });
  const { canShare, share } = env.navigator;
  if (canShare && share && canShare.call(env.navigator, { files: [file] })) {
    try {
      await share.call(env.navigator, { files: [file], title: fileName });
      return 'shared';
    } catch (error) {
      // The member closed the share sheet: nothing to do, and no download they did not ask for.
      if (errorName(error) === 'AbortError') return 'cancelled';
    }
  }
  download(file, env);
  return 'downloaded';
}
