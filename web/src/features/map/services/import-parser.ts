/**
 * Runs an import's parsing in a Web Worker (docs/map.md "Importing KML, KMZ, KMI and GPX"). Where there
 * are no workers (tests under jsdom), the same code runs in the page.
 */
import { locationMessages } from '@schema/contracts/locations-constants';
import type { ImportRequest } from '../model/import/import.worker';
import type { ParseOutcome } from '../model/import/read';

export function parseImportFile(bytes: ArrayBuffer, fileName: string): Promise<ParseOutcome> {
  if (typeof Worker === 'undefined')
    return import('../model/import/read').then((r) => r.parseFileBytes(bytes, fileName));
  return new Promise((resolve) => {
    const worker = new Worker(new URL('../model/import/import.worker.ts', import.meta.url), {
      type: 'module',
    });
    const done = (outcome: ParseOutcome) => {
      worker.terminate();
      resolve(outcome);
    };
    worker.onmessage = (event: MessageEvent<ParseOutcome>) => done(event.data);
    worker.onerror = () => done({ ok: false, message: locationMessages.importInvalidXml });
    worker.postMessage({ bytes, fileName } satisfies ImportRequest, [bytes]);
  });
}
