/**
 * `npm run profile:page -- /map` (after `npm run build`): what a page's Total Blocking Time is made of on
 * its first visit (docs/testing.md "Lighthouse"). The built app on the demo site (scripts/demo-site.ts),
 * Debian Chromium with Lighthouse's flags (software GL), the CPU slowed by `--slowdown N` (4 by default, as
 * Lighthouse's phone; here a real slowdown, not Lighthouse's simulation). For `--seconds N` (15) after
 * navigation it records a trace and a JavaScript CPU profile, then prints:
 * - the long tasks and their blocking time, shared out by the trace events inside them
 *   (scripts/trace-breakdown.ts): scripts by file, style and layout, waits on the GPU process;
 * - the JavaScript self time by package or source folder and the heaviest functions, mapped through the
 *   build's source maps (dist/sourcemaps). Time outside JavaScript is "(program)".
 * `-- --gpu` runs Chromium with a GPU process on SwiftShader instead of `--disable-gpu`, as a phone's
 * GPU compositing would, to tell the software compositor's costs from the page's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { CHROMIUM_PATH, MEASURING_FLAGS } from './chromium-flags';
import { startDemoSite } from './demo-site';
import { blockingBreakdown, pageMainThread, type TraceEvent } from './trace-breakdown';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const route = args.find((a, i) => a.startsWith('/') && !args[i - 1]?.startsWith('--')) ?? '/map';
const slowdown = option('slowdown', 4);
const seconds = option('seconds', 15);
const port = option('port', 4399);
const gpu = args.includes('--gpu');
const webDir = path.resolve('dist/web');
const mapsDir = path.resolve('dist/sourcemaps');
/** Chromium's own timeline categories, as DevTools' Performance panel records them. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8',
  'blink',
  'gpu',
];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
const consumers = new Map<string, SourceMapConsumer | null>();
function consumerFor(url: string): SourceMapConsumer | null {
  const file = url.split('/assets/')[1];
  if (!file) return null;
  if (!consumers.has(file)) {
    const mapFile = path.join(mapsDir, 'assets', `${file}.map`);
    const raw = fs.existsSync(mapFile)
      ? (JSON.parse(fs.readFileSync(mapFile, 'utf8')) satisfies RawSourceMap)
      : null;
    consumers.set(file, raw ? new SourceMapConsumer(raw) : null);
  }
  return consumers.get(file) ?? null;
}

/** A frame as a readable place: the package or source folder, and the function with its source line. */
function place(frame: ProfileNode['callFrame']): { area: string; fn: string } {
  if (!frame.url) return { area: frame.functionName || '(browser)', fn: frame.functionName || '(browser)' };
  const consumer = consumerFor(frame.url);
  const original = consumer?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = original?.source ?? frame.url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  const area = pkg ?? source.replace(/^.*?\/(web|schema)\/src\//, '$1/').replace(/\/[^/]*$/, '');
  const where = `${source.replace(/^.*node_modules\//, '')}:${original?.line ?? frame.lineNumber + 1}:${original?.column ?? frame.columnNumber}`;
  const fn = `${original?.name ?? frame.functionName ?? '(anonymous)'} ${where}`;
  return { area, fn };
}

const site = await startDemoSite({ webDir, port, label: 'profile' });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  // --gpu: the same flags with a GPU process on SwiftShader in place of --disable-gpu.
  args: gpu
    ? [
        ...MEASURING_FLAGS.filter((flag) => flag !== '--disable-gpu'),
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
      ]
    : [...MEASURING_FLAGS],
});
try {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await cdp.send('Profiler.start');
  await page.goto(`${site.origin}${site.pages.find((p) => p.route === route)?.url ?? route}`);
  await page.waitForTimeout(seconds * 1000);
  const { profile } = await cdp.send('Profiler.stop');
  // Chromium's trace format (trace-breakdown.ts reads only the fields it declares).
  const trace: { traceEvents: TraceEvent[] } = JSON.parse((await browser.stopTracing()).toString('utf8'));

  console.log(
    `${route}: ${gpu ? 'GPU process on SwiftShader' : 'software compositing (--disable-gpu)'}, CPU slowed ` +
      `${slowdown}×, ${seconds} s after navigation; load average ${(os.loadavg()[0] ?? 0).toFixed(2)}`,
  );
  const thread = pageMainThread(trace.traceEvents);
  if (!thread) throw new Error('the trace has no renderer main thread');
  const { longTasks, blocking, shares } = blockingBreakdown(trace.traceEvents, thread);
  console.log(
    `long tasks: ${longTasks.length}, blocking ${Math.round(blocking)} ms (measured, not simulated)`,
  );
  for (const t of [...longTasks].sort((x, y) => y.duration - x.duration).slice(0, 8))
    console.log(`  at ${Math.round(t.start)} ms: ${Math.round(t.duration)} ms`);
  console.log('blocking time by what ran (self time):');
  for (const [name, share] of shares.slice(0, 15))
    console.log(`  ${share.toFixed(0).padStart(6)} ms  ${name}`);

  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const areas = new Map<string, number>();
  const fns = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') return;
    const ms = (profile.timeDeltas?.[i] ?? 0) / 1000;
    const { area, fn } = place(node.callFrame);
    areas.set(area, (areas.get(area) ?? 0) + ms);
    fns.set(fn, (fns.get(fn) ?? 0) + ms);
  });
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  const total = [...areas.values()].reduce((a, b) => a + b, 0);
  console.log(`JavaScript profile, busy ${Math.round(total)} ms; self time by area:`);
  for (const [area, ms] of top(areas, 15)) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${area}`);
  console.log('heaviest functions (self time):');
  for (const [fn, ms] of top(fns, 25)) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${fn}`);
} finally {
  await browser.close();
  site.stop();
}
