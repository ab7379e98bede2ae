/**
 * What a page's blocking time is made of, read from a Chromium trace (scripts/profile-page.ts). Blocking
 * time is Lighthouse's measure: for every top-level task on the page's main thread longer than 50 ms, the
 * part above 50 ms. Each task's time is shared out by the self time of the trace events inside it (a
 * script's run, a style recalculation, a wait on the GPU process), in proportion, so the shares add up to
 * the blocking time.
 */

/** A trace event as Chromium writes it (only the fields read here). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string } };
}

export interface Breakdown {
  longTasks: { start: number; duration: number }[];
  blocking: number;
  /** Event name → its share of the blocking time, in ms, largest first. */
  shares: [string, number][];
}

const LONG = 50;

/** The page's main thread: of the threads named CrRendererMain, the one with the most events. */
export function pageMainThread(events: TraceEvent[]): { pid: number; tid: number } | null {
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const counts = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (mains.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const best = [...counts].sort((a, b) => b[1] - a[1])[0];
  if (!best) return null;
  const [pid, tid] = best[0].split(':').map(Number);
  return pid === undefined || tid === undefined ? null : { pid, tid };
}

/** A script's run is named by its file (hash dropped), so time spent in MapLibre reads as MapLibre. */
function label(e: TraceEvent): string {
  if (e.name !== 'FunctionCall' && e.name !== 'EvaluateScript') return e.name;
  const file = e.args?.data?.url
    ?.split('/')
    .pop()
    ?.replace(/-[\w-]{8}\.(m?js)$/, '.$1');
  return file ? `${e.name} ${file}` : e.name;
}

interface Open {
  end: number;
  name: string;
  self: Map<string, number>;
}

export function blockingBreakdown(events: TraceEvent[], thread: { pid: number; tid: number }): Breakdown {
  const spans = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined && e.pid === thread.pid && e.tid === thread.tid)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const longTasks: Breakdown['longTasks'] = [];
  const shares = new Map<string, number>();
  let stack: Open[] = [];
  let task: { start: number; duration: number; self: Map<string, number> } | null = null;

  const closeTask = () => {
    if (!task || task.duration <= LONG) return;
    longTasks.push({ start: task.start, duration: task.duration });
    const over = (task.duration - LONG) / task.duration;
    for (const [name, ms] of task.self) shares.set(name, (shares.get(name) ?? 0) + ms * over);
  };

  for (const e of spans) {
    const start = e.ts / 1000;
    const duration = (e.dur ?? 0) / 1000;
    stack = stack.filter((open) => open.end > start);
    const parent = stack.at(-1);
    if (!parent) {
      closeTask();
      task = { start, duration, self: new Map() };
    }
    const self = task?.self ?? new Map<string, number>();
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - Math.min(duration, parent.end - start));
    const name = label(e);
    self.set(name, (self.get(name) ?? 0) + duration);
    stack.push({ end: start + duration, name, self });
  }
  closeTask();

  const first = spans[0]?.ts ?? 0;
  return {
    longTasks: longTasks.map((t) => ({ start: t.start - first / 1000, duration: t.duration })),
    blocking: longTasks.reduce((sum, t) => sum + t.duration - LONG, 0),
    shares: [...shares].sort((a, b) => b[1] - a[1]),
  };
}
