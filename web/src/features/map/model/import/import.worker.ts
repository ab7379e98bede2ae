/**
 * The import's Web Worker (docs/map.md "Importing KML, KMZ, KMI and GPX"): the file's bytes and name come
 * in, the spots (or the refusal's message) go out, so unzipping and parsing a large file never blocks the
 * page.
 */
import { locationMessages } from '@schema/contracts/locations-constants';
import { parseFileBytes } from './read';

export interface ImportRequest {
  bytes: ArrayBuffer;
  fileName: string;
}

self.onmessage = (event: MessageEvent<ImportRequest>) => {
  try {
    self.postMessage(parseFileBytes(event.data.bytes, event.data.fileName));
  } catch {
    self.postMessage({ ok: false, message: locationMessages.importInvalidXml });
  }
};
