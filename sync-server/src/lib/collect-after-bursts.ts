/**
 * One full garbage collection once image work stops (docs/architecture.md "Memory after bursts"). A burst
 * of uploads leaves hundreds of megabytes of garbage: each photo's body, read several times over (socket
 * chunks, the form, the file's bytes), and sharp's output buffers. Their memory lies outside V8's heap and
 * is freed only when V8 collects the small objects that hold it; after a burst the server allocates next to
 * nothing, so V8 sees no reason to collect and the memory stays, for minutes. So every upload request and
 * every image encode is tracked, and QUIET_MS after the last one ends V8 collects in full: one pause once
 * per burst, against seconds of decoding per photo.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

/** How long nothing may run before the collection: a burst's stragglers come within it. */
export const QUIET_MS = 1000;

type Collect = () => void;
const isCollect = (value: unknown): value is Collect => typeof value === 'function';

let fullCollection: Collect | undefined;
/**
 * V8's own full collection. Node exposes it only under --expose-gc; set at run time, the flag exposes
 * `gc` in contexts made afterwards, so it is set for one new context and taken back at once: the server's
 * own global (and any later vm context) stays without it.
 */
export function collectGarbage(): void {
  if (!fullCollection) {
    const started = Reflect.get(globalThis, 'gc');
    if (isCollect(started)) fullCollection = started;
    else {
      v8.setFlagsFromString('--expose-gc');
      const exposed: unknown = vm.runInNewContext('gc');
      v8.setFlagsFromString('--no-expose-gc');
      if (!isCollect(exposed)) return;
      fullCollection = exposed;
    }
  }
  fullCollection();
}

/** Counts the tasks running; `collect` runs once `quietMs` have passed with none, unless one starts. */
export class CollectWhenQuiet {
  private running = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly quietMs: number,
    private readonly collect: Collect,
  ) {}

  /** Whether a collection is due (nothing running, the quiet time not over yet). */
  get pending(): boolean {
    return this.timer !== undefined;
  }

  async track<T>(task: () => Promise<T>): Promise<T> {
    this.running += 1;
    clearTimeout(this.timer);
    this.timer = undefined;
    try {
      return await task();
    } finally {
      this.running -= 1;
      if (this.running === 0) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.collect();
        }, this.quietMs);
        // A due collection never keeps a stopping process alive.
        this.timer.unref();
      }
    }
  }
}

/** Upload requests (lib/upload-admission.ts) and image encodes (lib/images.ts), process-wide. */
export const afterImageWork = new CollectWhenQuiet(QUIET_MS, collectGarbage);
