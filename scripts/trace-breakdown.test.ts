/**
 * The blocking time of a trace and what it is made of (scripts/trace-breakdown.ts), on a small trace
 * written by hand: one long task with a script that waits on the GPU process inside it, one short task,
 * and another renderer's thread that must be ignored.
 */
import { describe, expect, it } from 'vitest';
import { blockingBreakdown, pageMainThread, type TraceEvent } from './trace-breakdown';

const ms = 1000; // trace timestamps are in microseconds
const span = (name: string, ts: number, dur: number, extra: Partial<TraceEvent> = {}): TraceEvent => ({
  name,
  ph: 'X',
  pid: 1,
  tid: 7,
  ts: ts * ms,
  dur: dur * ms,
  ...extra,
});
const threadName = (pid: number, tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: { name },
});

const trace: TraceEvent[] = [
  threadName(1, 7, 'CrRendererMain'),
  threadName(2, 9, 'CrRendererMain'),
  threadName(1, 8, 'Compositor'),
  span('RunTask', 1000, 150),
  span('FunctionCall', 1010, 100, {
    args: { data: { url: 'http://localhost/assets/maplibre-BDAlcrVH.js' } },
  }),
  span('CommandBufferProxyImpl::WaitForGetOffset', 1020, 60),
  span('RunTask', 1200, 40),
  span('Layout', 1210, 30),
  { ...span('RunTask', 1000, 500), pid: 2, tid: 9 },
  { ...span('RunTask', 1000, 500), tid: 8 },
];

describe('trace breakdown', () => {
  it('takes the renderer main thread with the most events as the page', () => {
    expect(pageMainThread(trace)).toEqual({ pid: 1, tid: 7 });
    expect(pageMainThread([])).toBeNull();
  });

  it('counts only the part of long tasks above 50 ms, and shares it by self time', () => {
    const result = blockingBreakdown(trace, { pid: 1, tid: 7 });
    expect(result.longTasks).toEqual([{ start: 0, duration: 150 }]);
    expect(result.blocking).toBe(100);
    // Self times 60 (wait), 40 (script), 50 (the task itself), scaled by 100/150.
    const shares = new Map(result.shares);
    expect(result.shares[0]?.[0]).toBe('CommandBufferProxyImpl::WaitForGetOffset');
    expect(shares.get('CommandBufferProxyImpl::WaitForGetOffset')).toBeCloseTo(40);
    expect(shares.get('FunctionCall maplibre.js')).toBeCloseTo(26.67, 1);
    expect(shares.get('RunTask')).toBeCloseTo(33.33, 1);
    expect(shares.has('Layout')).toBe(false);
    expect([...shares.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(result.blocking);
  });
});
