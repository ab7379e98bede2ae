/**
 * Lighthouse's CPU benchmark index, computed the way Lighthouse computes it in the page
 * (`lhr.environment.benchmarkIndex`, its `computeBenchmarkIndex` page function in GoogleChrome/lighthouse,
 * Apache License 2.0, written again here): the mean of a string-building
 * loop's and an array-copying loop's iterations per second (divided by 10) over about half a second each. The higher, the
 * faster the browser's machine was at that moment; benches print it beside their figures so a figure can be
 * compared with one taken elsewhere (docs/testing.md "Benchmarks, not timed tests").
 */
import type { Page } from '@playwright/test';

/**
 * Runs in the page. Kept as source text: tsx names inner functions with a helper (`__name`) the page lacks.
 */
const COMPUTE_BENCHMARK_INDEX = `(() => {
  const withGc = () => {
    const start = Date.now();
    let iterations = 0;
    while (Date.now() - start < 500) {
      let s = '';
      for (let j = 0; j < 10000; j++) s += 'a';
      if (s.length === 0) break;
      iterations++;
    }
    return Math.round(iterations / 10 / ((Date.now() - start) / 1000));
  };
  const withoutGc = () => {
    const a = [];
    const b = [];
    for (let i = 0; i < 100000; i++) a[i] = b[i] = i;
    const start = Date.now();
    let iterations = 0;
    while (iterations % 10 !== 0 || Date.now() - start < 500) {
      const src = iterations % 2 === 0 ? a : b;
      const dst = iterations % 2 === 0 ? b : a;
      for (let j = 0; j < src.length; j++) dst[j] = src[j];
      iterations++;
    }
    return Math.round(iterations / 10 / ((Date.now() - start) / 1000));
  };
  return (withGc() + withoutGc()) / 2;
})()`;

/** The index in this page's browser, now (takes about a second). */
export async function benchmarkIndex(page: Page): Promise<number> {
  return Math.round(Number(await page.evaluate(COMPUTE_BENCHMARK_INDEX)));
}
