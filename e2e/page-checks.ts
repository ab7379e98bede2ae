/**
 * Helpers for browser tests that look at pages as a member does: seeded finds and posts through the API, axe
 * rules, the browser's own layout-shift numbers and WCAG contrast. Used by rough-edges.spec.ts.
 */
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { uniqueName } from './support';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** A JPEG, optionally carrying a GPS position in its EXIF (as a phone photo does). */
export async function jpeg(seed: number, gps?: { north: string; west: string }): Promise<Buffer> {
  const image = sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: (seed * 53) % 256, g: 110, b: 60 } },
  }).jpeg();
  if (!gps) return image.toBuffer();
  return image
    .withExif({
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: gps.north, GPSLongitudeRef: 'W', GPSLongitude: gps.west },
    })
    .toBuffer();
}

/** A member signed in through the API: the context's cookie is the browser's too. */
export async function apiMember(page: Page): Promise<string> {
  const username = uniqueName('seed');
  const res = await page.request.post('/api/users/register', {
    data: { username, email: `${username}@example.com`, password: 'field-walker-1' },
  });
  expect(res.ok()).toBe(true);
  return username;
}

export interface SeededFind {
  id: number;
  title: string;
}

export async function seedFind(page: Page, n: number, period: string, description = ''): Promise<SeededFind> {
  const res = await page.request.post('/api/finds', {
    multipart: {
      image: { name: `find-${n}.jpg`, mimeType: 'image/jpeg', buffer: await jpeg(n) },
      title: `Find ${n}: ${period} piece`,
      description,
      location: 'Thetford Forest, Norfolk',
      period,
    },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as SeededFind;
}

export async function seedPost(page: Page, title: string): Promise<number> {
  const res = await page.request.post('/api/posts', {
    data: {
      title,
      categoryId: 1,
      content: 'Edward I, cut half, on stubble this morning after the rain. Any thoughts on the mint?',
    },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { id: number }).id;
}

export interface AxeViolation {
  id: string;
  nodes: string[];
}

/** Runs the given axe rules on the page (the page's CSP must be bypassed: axe is an injected script). */
export async function axe(page: Page, rules: string[]): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async (values) => {
    const run = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{
            violations: { id: string; nodes: { target: string[]; failureSummary?: string }[] }[];
          }>;
        };
      }
    ).axe.run;
    const result = await run(document, { runOnly: { type: 'rule', values } });
    return result.violations.map((v) => ({
      id: v.id,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    }));
  }, rules);
}

/**
 * What the app is held to (axe.spec.ts): every axe rule of WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's
 * best practices — label-content-name-mismatch, image-redundant-alt, listitem and heading-order among them.
 * Only the AAA rules (7:1 contrast, identical link purposes), the deprecated duplicate-id ones and axe's
 * experimental drafts stay off.
 */
export const AXE_AUDIT_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Runs every rule carrying one of AXE_AUDIT_TAGS on the page; each node with its markup, for the report. */
export async function axeAudit(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async (tags) => {
    interface AxeNode {
      target: string[];
      html: string;
      failureSummary?: string;
    }
    const axe = (
      window as unknown as {
        axe: {
          getRules(tags: string[]): { ruleId: string; tags: string[] }[];
          run(
            context: Document,
            options: object,
          ): Promise<{ violations: { id: string; nodes: AxeNode[] }[] }>;
        };
      }
    ).axe;
    // Experimental rules are axe's drafts (one flags the focus guards of Radix's toast region): left out.
    const values = axe
      .getRules(tags)
      .filter((rule) => !rule.tags.includes('experimental'))
      .map((rule) => rule.ruleId);
    const result = await axe.run(document, { runOnly: { type: 'rule', values } });
    return result.violations.map((v) => ({
      id: v.id,
      nodes: v.nodes.map(
        (n) =>
          `${n.target.join(' ')} ${n.html.slice(0, 160)}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`,
      ),
    }));
  }, AXE_AUDIT_TAGS);
}

/** Cumulative layout shift so far (the browser's own numbers, as Lighthouse reads them). */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

/** The contrast of an element's text against a background colour, as WCAG computes it. */
export function contrastOf(page: Page, selector: string, background: string): Promise<number> {
  return page.evaluate(
    ([sel, bg]) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      const rgb = (colour: string) => {
        ctx.clearRect(0, 0, 1, 1);
        ctx.fillStyle = colour;
        ctx.fillRect(0, 0, 1, 1);
        return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
      };
      const luminance = (c: number[]) => {
        const [r, g, b] = c.map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const fg = luminance(rgb(getComputedStyle(document.querySelector(sel)!).color));
      const back = luminance(rgb(bg));
      return (Math.max(fg, back) + 0.05) / (Math.min(fg, back) + 0.05);
    },
    [selector, background] as const,
  );
}
