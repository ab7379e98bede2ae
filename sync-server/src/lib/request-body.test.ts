/**
 * discardUnreadBody on requests that announce no body (every GET): nothing is read or waited for. On
 * @hono/node-server, touching `body` builds a full Request and a web stream over the socket per request.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { discardUnreadBody } from './request-body';

/** A request that counts how often its body is looked at. */
function watchedRequest(init: RequestInit = {}): { request: Request; reads: () => number } {
  const request = new Request('http://localhost/api/finds', init);
  const body = request.body;
  let reads = 0;
  Object.defineProperty(request, 'body', {
    get() {
      reads += 1;
      return body;
    },
  });
  return { request, reads: () => reads };
}

describe('discardUnreadBody', () => {
  const app = new Hono();
  app.use('*', discardUnreadBody());
  app.all('/api/finds', (c) => c.json({ ok: true }));

  it('leaves the body of a request without one alone', async () => {
    for (const init of [{}, { method: 'HEAD' }, { method: 'POST', headers: { 'content-length': '0' } }]) {
      const { request, reads } = watchedRequest(init);
      const res = await app.fetch(request);
      expect(res.status).toBe(200);
      expect(reads()).toBe(0);
    }
  });

  it('still reads away a body the route left unread', async () => {
    const { request, reads } = watchedRequest({
      method: 'POST',
      headers: { 'content-length': '1000' },
      body: 'x'.repeat(1000),
    });
    const res = await app.fetch(request);
    expect(res.status).toBe(200);
    expect(res.headers.get('connection')).toBeNull();
    expect(reads()).toBeGreaterThan(0);
    expect(request.bodyUsed).toBe(true);
  });
});
