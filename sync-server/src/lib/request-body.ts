/**
 * Request bodies: size limits per path, and reading away what nobody read.
 *
 * Many answers come before the body is read: 401 for a signed-out upload, 403 for a cross-site write,
 * 413 by Content-Length, 404 for an unknown path. HTTP/1.1 keeps the connection open, so the unread bytes
 * are still on their way; @hono/node-server would drain them itself, but once anything has touched the
 * request's web stream (a body limit checking `req.body` does) its drain stalls behind that stream, times
 * out after 500 ms and closes the socket: the client sees "other side closed" instead of our JSON answer,
 * and the next request on that connection fails too. `discardUnreadBody` reads the rest of the body and
 * throws it away before the answer leaves, up to DISCARD_LIMIT; beyond that the answer says
 * `Connection: close`. Status codes and the error shape: docs/api.md.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { MAX_IMAGE_BYTES } from '@schema/contracts/constants';
import { tooLarge } from './errors';

export const JSON_BODY_LIMIT = 1024 * 1024;
/** A 5 MB image plus the multipart envelope and text fields. */
export const UPLOAD_BODY_LIMIT = MAX_IMAGE_BYTES + 256 * 1024;
/** Register and profile updates may carry the avatar as a base64 data URL (4/3 of a 5 MB image). */
export const DATA_URL_BODY_LIMIT = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 64 * 1024;

export const BODY_TOO_LARGE_MESSAGE = 'Request body too large';

/**
 * How much of a refused body we read and drop so the connection stays usable: more than any upload we
 * accept (a phone photo a little over the 5 MB limit is the usual case). Larger bodies are not read to
 * the end; their answer closes the connection.
 */
export const DISCARD_LIMIT = 16 * 1024 * 1024;

/** Whether the request announces a body (GET, HEAD and empty writes have none to drain). */
function declaresBody(headers: Headers): boolean {
  if (headers.has('transfer-encoding')) return true;
  const length = headers.get('content-length');
  return length !== null && length.trim() !== '0';
}

/** Reads and drops up to `limit` bytes; true when the stream ended within it. */
async function discard(stream: ReadableStream<Uint8Array>, limit: number): Promise<boolean> {
  const reader = stream.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      read += value.byteLength;
      if (read > limit) return false;
    }
  } catch {
    // The client gave up or the stream broke: nothing left to keep the connection for.
    return false;
  } finally {
    reader.releaseLock();
  }
}

/** True when the Node request behind this context stopped before its end (a partly read body). */
function endedEarly(c: Context): boolean {
  const bindings: unknown = c.env;
  if (typeof bindings !== 'object' || bindings === null || !('incoming' in bindings)) return false;
  const incoming: unknown = bindings.incoming;
  return (
    typeof incoming === 'object' &&
    incoming !== null &&
    'readableEnded' in incoming &&
    incoming.readableEnded === false
  );
}

/**
 * Runs first for every route: after the answer is decided, whatever the route left of the body is read
 * and dropped, so the client reads our status on a connection it can keep using.
 */
export function discardUnreadBody(limit = DISCARD_LIMIT): MiddlewareHandler {
  return async (c, next) => {
    // limitBody may replace c.req.raw with a buffered copy; the socket's stream is this one.
    const request = c.req.raw;
    // Most requests (every GET) announce no body: nothing to wait for, and `body` is never touched — on
    // @hono/node-server, reading it builds a full Request and a web stream over the socket.
    if (!declaresBody(request.headers)) return next();
    await next();
    const body = request.body;
    // A route that read the body holds (or released) its reader on a finished stream: nothing to do.
    if (body && !body.locked) {
      if (await discard(body, limit)) return;
    } else if (!endedEarly(c)) {
      return;
    }
    c.header('Connection', 'close');
  };
}

/**
 * Refuses bodies above `maxSize` with 413. A declared Content-Length is judged without reading anything
 * (discardUnreadBody drops the bytes); a body sent without one (chunked) is counted while it is buffered,
 * at most `maxSize` bytes in memory, and handed on as a buffered request.
 */
export function limitBody(maxSize: number, message = BODY_TOO_LARGE_MESSAGE): MiddlewareHandler {
  return async (c, next) => {
    const headers = c.req.raw.headers;
    if (!declaresBody(headers)) return next();
    if (!headers.has('transfer-encoding')) {
      if (Number(headers.get('content-length')) > maxSize) throw tooLarge(message);
      return next();
    }
    const body = c.req.raw.body;
    if (!body) return next();
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        // The reader is released below, so discardUnreadBody can read the rest away.
        if (size > maxSize) throw tooLarge(message);
        chunks.push(value);
      }
    } finally {
      reader.releaseLock();
    }
    const buffered = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      buffered.set(chunk, offset);
      offset += chunk.byteLength;
    }
    c.req.raw = new Request(c.req.raw, { body: buffered });
    return next();
  };
}

/**
 * Refuses a body that declares more than `maxSize` bytes (413) and reads nothing: for routes that stream
 * their body to disk and count it themselves as it comes (POST /api/me/import), so a chunked body is
 * never buffered here.
 */
export function limitDeclaredBody(maxSize: number, message = BODY_TOO_LARGE_MESSAGE): MiddlewareHandler {
  return async (c, next) => {
    if (Number(c.req.raw.headers.get('content-length') ?? 0) > maxSize) throw tooLarge(message);
    return next();
  };
}
