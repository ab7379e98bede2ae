/**
 * Delivering notifications by e-mail (docs/notifications.md "E-mail") through the real app and its job
 * queue on both engines: per kind, with the one-click unsubscribe; nothing for what was read first; the
 * daily digest.
 */
import { describe, expect, it } from 'vitest';
import {
  at,
  deliveryTestApp,
  mailTo,
  markRead,
  newMember,
  notify,
  pushesTo,
  subscribe,
} from './test-fixtures';

const d = deliveryTestApp();

describe('e-mail', () => {
  it('follows the member’s choice per kind, with the one-click unsubscribe header and link', async () => {
    const member = await newMember(d, 'MailPerKind');
    const when = at(9, 10);
    await notify(
      d,
      member.user.id,
      { kind: 'comment', title: 'A comment you will not be mailed about' },
      when,
    );
    await d.t.runJobs(when);
    expect(mailTo(d, member)).toHaveLength(0);

    await member.client.put('/api/notifications/preferences', {
      channels: { comment: { inApp: true, push: true, email: true } },
    });
    await notify(
      d,
      member.user.id,
      { kind: 'comment', title: 'Digger commented on your find', body: 'What a find', url: '/finds/3' },
      when,
    );
    await d.t.runJobs(when);
    const [mail, ...more] = mailTo(d, member);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Digger commented on your find');
    expect(mail?.text).toContain('What a find');
    expect(mail?.text).toContain('http://localhost:3000/finds/3');
    const header = mail?.headers?.['List-Unsubscribe'] ?? '';
    expect(header).toMatch(
      /^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=[\w-]{43}&kind=comment>$/,
    );
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = header.slice(1, -1);
    expect(mail?.text).toContain(link);

    // The mail client's one-click POST, signed out; the next comment is not mailed, messages still are.
    const unsubscribe = await d.t.client().post(link.replace('http://localhost:3000', ''));
    expect(unsubscribe.status).toBe(200);
    await notify(d, member.user.id, { kind: 'comment', title: 'After unsubscribing' }, when);
    await notify(d, member.user.id, { kind: 'message', title: 'A message still mailed' }, when);
    await d.t.runJobs(when);
    expect(mailTo(d, member).map((m) => m.subject)).toEqual(['Digger commented on your find', 'New message']);
  });

  it('sends nothing for a notification read or deleted before its delivery ran', async () => {
    const member = await newMember(d, 'MailReadFirst');
    const subscription = await subscribe(d, member);
    const when = at(10, 10);
    const read = await notify(d, member.user.id, { kind: 'message', title: 'Read at once' }, when);
    await markRead(d, read, when);
    const deleted = await notify(d, member.user.id, { kind: 'message', title: 'Deleted' }, when);
    await d.t.sql('DELETE FROM notifications WHERE id = ?', deleted);
    await d.t.runJobs(when);
    expect(mailTo(d, member)).toHaveLength(0);
    expect(pushesTo(d, subscription)).toHaveLength(0);
  });

  it('collects messages into one digest a day at 18:00 local time, naming who wrote', async () => {
    const member = await newMember(d, 'DigestReader');
    const alice = await newMember(d, 'DigestAlice');
    // A name that looks like an e-mail address (its own address, as such members sign up).
    const bobName = 'bob.digger@example.org';
    const bobRes = await d.t
      .client()
      .post('/api/users/register', { username: bobName, email: bobName, password: 'secret-password' });
    const bob = { user: bobRes.json as { id: number } };
    await member.client.put('/api/notifications/preferences', {
      messageDigest: true,
      timeZone: 'Europe/London',
    });
    const message = (actorId: number) => ({
      kind: 'message' as const,
      actorId,
      title: 'New message',
      body: 'secret text',
    });

    for (const [actor, hour] of [
      [alice, 9],
      [bob, 10],
      [alice, 11],
    ] as const) {
      await notify(d, member.user.id, message(actor.user.id), at(12, hour));
      await d.t.runJobs(at(12, hour));
    }
    await d.t.runJobs(at(12, 17, 59));
    expect(mailTo(d, member)).toHaveLength(0);
    await d.t.runJobs(at(12, 18));
    await d.t.runJobs(at(12, 18, 30));
    const [digest, ...more] = mailTo(d, member);
    expect(more).toHaveLength(0);
    expect(digest?.subject).toBe('You have 3 unread messages on DigQuest');
    expect(digest?.text).toContain('DigestAlice: 2 messages');
    // Names that look like e-mail addresses are masked, as everywhere.
    expect(digest?.text).toContain('bob***@e***.org: 1 message');
    expect(digest?.text).not.toContain('secret text');
    expect(digest?.headers?.['List-Unsubscribe']).toMatch(/kind=message>$/);

    // After 18:00 a message joins the next day's digest: one more e-mail, the next day.
    await notify(d, member.user.id, message(bob.user.id), at(12, 19));
    await d.t.runJobs(at(12, 19));
    await d.t.runJobs(at(13, 17, 59));
    expect(mailTo(d, member)).toHaveLength(1);
    await d.t.runJobs(at(13, 18));
    expect(mailTo(d, member)).toHaveLength(2);
    expect(mailTo(d, member)[1]?.subject).toBe('You have 4 unread messages on DigQuest');
    expect(
      await d.t.sql(
        "SELECT dedupe_key FROM jobs WHERE kind = 'email.digest' AND dedupe_key LIKE ?",
        `digest:${member.user.id}:%`,
      ),
    ).toHaveLength(2);
  });
});
