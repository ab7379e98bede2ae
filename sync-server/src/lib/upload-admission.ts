/**
 * Who may send an image body now, and how slowly (docs/api.md "Uploads"). Every request that may carry
 * an image (UPLOAD_PATHS and the data-URL paths in app.ts) passes two gates:
 *
 * - Slots. Each upload is buffered several times over on its way to the encoder (socket chunks, the parsed
 *   form, the file's bytes), so 40 photos arriving together would otherwise sit in memory at once, hundreds
 *   of megabytes, while only two can be encoded (lib/images.ts). So UPLOADS_AT_ONCE are read at a time in
 *   the whole process, and at most UPLOADS_AT_ONCE_PER_MEMBER of them for one member (or, signed out, one
 *   client address): one member's uploads — a slow phone's, or an attacker's — can never hold every slot.
 *   Waiting requests hold only their socket: their body is not read until their turn. Past the waiting
 *   limits the answer is a 503 that the sync engine retries. Slots are per process (lib/rate-limit.ts
 *   ConcurrencyLimit): they guard this process's memory.
 * - A floor rate. Once its body is being read, an upload must bring config.uploadMinBytesPerSecond in every
 *   window of config.uploadSlowGraceSeconds; a body trickling slower is dropped with a 408 and
 *   `Connection: close`, freeing its slot (the sync engine sends the photo again later). The clock starts at
 *   the first read, so time spent waiting for a slot never counts against the client. (A body sent in
 *   chunks, without Content-Length, is buffered by limitBody before it asks for a slot: it holds none, and
 *   Node's request timeout bounds it.)
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { afterImageWork } from './collect-after-bursts';
import { addressGroup, clientAddress } from './client-address';
import type { Config } from './config';
import { HttpError } from './errors';
import { ConcurrencyLimit } from './rate-limit';

export const UPLOADS_AT_ONCE = 4;
export const UPLOADS_WAITING = 64;
/** Half the process's slots: a member's photos still go two at a time, and others always find room. */
export const UPLOADS_AT_ONCE_PER_MEMBER = 2;
export const UPLOADS_WAITING_PER_MEMBER = 16;

export const UPLOAD_TOO_SLOW_MESSAGE =
  'The connection is too slow to upload this image. Please try again with a better signal.';

export class SlowBodyError extends HttpError {
  constructor() {
    super(408, 'request-timeout', UPLOAD_TOO_SLOW_MESSAGE);
  }
}

/** One ConcurrencyLimit per requester, made on first use and forgotten when idle. */
class SlotsPerRequester {
  private readonly limits = new Map<string, ConcurrencyLimit>();

  constructor(
    private readonly size: number,
    private readonly maxWaiting: number,
    private readonly busyMessage: string,
  ) {}

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    let limit = this.limits.get(key);
    if (!limit) {
      limit = new ConcurrencyLimit(this.size, this.maxWaiting, this.busyMessage);
      this.limits.set(key, limit);
    }
    try {
      return await limit.run(task);
    } finally {
      if (limit.idle) this.limits.delete(key);
    }
  }
}

/** Whether the request announces a body (GET, HEAD and empty writes have none). */
function declaresBody(headers: Headers): boolean {
  if (headers.has('transfer-encoding')) return true;
  const length = headers.get('content-length');
  return length !== null && length.trim() !== '0';
}

const requesterKey = (c: Context<AppEnv>): string => {
  const user = c.get('user');
  return user ? `member:${user.id}` : `ip:${addressGroup(clientAddress(c))}`;
};

/**
 * `source` as read through the floor rate: from the first read on, each window of `windowMs` must bring
 * `minBytesPerWindow`, or the stream fails with a SlowBodyError and `onSlow` is called. The socket's stream
 * is left as it is (cancelling it would destroy the socket before our 408 is written); the answer closes the
 * connection instead (request-body.ts discardUnreadBody).
 */
function floorRateBody(
  source: ReadableStream<Uint8Array>,
  minBytesPerWindow: number,
  windowMs: number,
  onSlow: () => void,
): ReadableStream<Uint8Array> {
  // Taken at the first read: until then discardUnreadBody can still read an unread body away.
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  let inWindow = 0;
  let finished = false;
  const finish = () => {
    finished = true;
    clearInterval(timer);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (finished) return;
        timer ??= setInterval(() => {
          if (inWindow >= minBytesPerWindow) {
            inWindow = 0;
            return;
          }
          finish();
          onSlow();
          controller.error(new SlowBodyError());
        }, windowMs);
        reader ??= source.getReader();
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (err) {
          if (!finished) controller.error(err);
          finish();
          return;
        }
        if (finished) return;
        if (chunk.done) {
          finish();
          controller.close();
          return;
        }
        inWindow += chunk.value.byteLength;
        controller.enqueue(chunk.value);
      },
      cancel(reason) {
        finish();
        return (reader ?? source).cancel(reason);
      },
    },
    // No read ahead: the clock starts when someone reads, not when the stream is made.
    { highWaterMark: 0 },
  );
}

/**
 * Requests that may carry an image wait for a slot of their requester's, then one of the process's, and
 * their body is read through the floor rate (see above). Runs after the body limit and the session. Once
 * none is left, their bodies are collected (lib/collect-after-bursts.ts).
 */
export function admitUploads(config: Config, busyMessage: string): MiddlewareHandler<AppEnv> {
  const everyone = new ConcurrencyLimit(UPLOADS_AT_ONCE, UPLOADS_WAITING, busyMessage);
  const perRequester = new SlotsPerRequester(
    UPLOADS_AT_ONCE_PER_MEMBER,
    UPLOADS_WAITING_PER_MEMBER,
    busyMessage,
  );
  const windowMs = config.uploadSlowGraceSeconds * 1000;
  const minBytesPerWindow = config.uploadMinBytesPerSecond * config.uploadSlowGraceSeconds;

  const readAtFloorRate = async (c: Context<AppEnv>, next: () => Promise<void>) => {
    const body = c.req.raw.body;
    if (!body) return next();
    let slow = false;
    const guarded = floorRateBody(body, minBytesPerWindow, windowMs, () => {
      slow = true;
    });
    c.req.raw = new Request(c.req.raw, streamedBody(guarded));
    await next();
    // Whatever the route made of the failed read (a 400 for an unreadable form), the cause is the 408.
    if (slow) throw new SlowBodyError();
  };

  return async (c, next) => {
    if (!declaresBody(c.req.raw.headers)) return next();
    // Waiting included: the burst is over, and its garbage collected, when the last request is done.
    await afterImageWork.track(() =>
      perRequester.run(requesterKey(c), () => everyone.run(() => readAtFloorRate(c, next))),
    );
  };
}

/** Node's Request takes a streamed body only with `duplex: 'half'`, which the DOM's RequestInit lacks. */
function streamedBody(body: ReadableStream<Uint8Array>): RequestInit {
  const init: RequestInit & { duplex: 'half' } = { body, duplex: 'half' };
  return init;
}
