/** Shared by the safety tests (never imported by the app): trips, contacts who agreed, and running the timer. */
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness';

export type TestClient = ReturnType<TestApp['client']>;

export const inMinutes = (minutes: number, from = Date.now()) => new Date(from + minutes * 60_000);

export const tripBody = (extra: Record<string, unknown> = {}) => ({
  expectedReturnAt: inMinutes(60).toISOString(),
  contacts: ['pal@example.com'],
  shareLastPosition: false,
  ...extra,
});

/** Runs every job due at `now` on this app, as its worker would; mail lands in `t.mail`. */
export const runJobs = (t: TestApp, now: Date): Promise<number> => t.runJobs(now);

export const mailTo = (t: TestApp, to: string) => t.mail.filter((m) => m.to === to);

/** The consent link's token in the one e-mail that asked this address. */
export function consentToken(t: TestApp, to: string): string {
  const asks = mailTo(t, to).filter((m) => m.subject.includes('safety contact'));
  expect(asks).toHaveLength(1);
  const token = /token=([^\s]+)/.exec(asks[0]?.text ?? '')?.[1];
  if (!token) throw new Error(`no consent link in the e-mail to ${to}`);
  return decodeURIComponent(token);
}

export function answerConsent(client: TestClient, token: string, decision: 'agree' | 'decline') {
  return client.request(
    'POST',
    '/api/safety/contacts/consent',
    new URLSearchParams({ token, decision }).toString(),
    { 'content-type': 'application/x-www-form-urlencoded' },
  );
}

/**
 * Makes `emails` agreed safety contacts of the member, as the real flow does: a trip naming them (checked
 * in at once), the ask e-mails sent by the jobs, and each link's Agree.
 */
export async function agreedContacts(t: TestApp, member: TestClient, emails: string[]): Promise<void> {
  const started = await member.post('/api/safety/trips', tripBody({ contacts: emails }));
  expect(started.status).toBe(201);
  await runJobs(t, new Date());
  for (const email of emails) {
    const res = await answerConsent(t.client(), consentToken(t, email), 'agree');
    expect(res.status).toBe(200);
  }
  expect((await member.post(`/api/safety/trips/${started.json.id}/checkin`)).status).toBe(200);
}
