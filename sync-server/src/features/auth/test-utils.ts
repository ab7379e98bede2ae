/** Helpers shared by this feature's tests (not imported by the app). */
import sharp from 'sharp';
import type { TestApp } from '../../test/harness';

export async function pngBytes(size = 32, colour = '#c08040'): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export async function pngDataUrl(size = 32): Promise<string> {
  return `data:image/png;base64,${(await pngBytes(size)).toString('base64')}`;
}

export const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';

/** The session cookie the answer set, with its attributes, or null. */
export function sessionCookieOf(headers: Headers): string | null {
  return headers.getSetCookie().find((c) => c.startsWith('dq_session=')) ?? null;
}

/**
 * A JSON request as if from the socket `address` (app.request passes the third argument as c.env), with
 * extra headers such as X-Forwarded-For.
 */
export async function requestFrom(
  t: TestApp,
  address: string,
  method: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const res = await t.app.request(
    url,
    { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: address } } },
  );
  return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> };
}

/** The token of the link in the newest mail to `to`. */
export function tokenFromMail(t: TestApp, to: string, path: '/reset-password' | '/verify-email'): string {
  const mail = [...t.mail].reverse().find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  const match = new RegExp(`^http://localhost:3000${path}\\?token=([A-Za-z0-9_-]+)$`, 'm').exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[1];
}
