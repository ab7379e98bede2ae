/**
 * Safety contacts (docs/notifications.md "Safe return"): an address a member names is asked ONCE, by
 * e-mail, to agree; until they agree nothing else is ever sent to it, so the feature cannot be used to mail
 * strangers. One row per member and address: asked again never, whatever the member's later trips say.
 *
 * The link carries a random token; only its SHA-256 is stored (lib/auth/tokens.ts). The token is made when
 * the e-mail goes out (the `safety.ask` job), so no secret waits in the job queue's rows.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { safetyContacts, users } from '@schema/db/tables';
import { PRODUCT_NAME } from '@schema/contracts/constants';
import { safetyMessages as m } from '@schema/contracts/safety';
import { hashToken, newToken } from '../../lib/auth/tokens';
import { HttpError } from '../../lib/errors';
import { enqueueJob } from '../../lib/jobs/queue';
import { PermanentJobError, type JobHandler } from '../../lib/jobs/types';
import { first } from '../../lib/query';
import type { Store } from '../../sync/registry';
import { nameFor } from '../../sync/visibility';

export type ContactRow = typeof safetyContacts.$inferSelect;

export const consentInvalid = () => new HttpError(400, 'consent-invalid', m.consentInvalid);

/** The member's name as anyone else sees it (masked when it looks like an e-mail address). */
export async function shownName(store: Store, userId: number): Promise<string> {
  const user = await first(
    store.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, userId)),
  );
  return user ? nameFor(null, user.id, user.username) : 'A member';
}

/** Adds the addresses this member never named before and queues their one question; call in the trip's transaction. */
export async function askNewContacts(tx: Store, userId: number, emails: readonly string[]): Promise<void> {
  for (const email of emails) {
    const [row] = await tx
      .insert(safetyContacts)
      // A placeholder secret nobody holds: the real one is made when the e-mail is sent.
      .values({ userId, email, token: hashToken(newToken()) })
      .onConflictDoNothing()
      .returning({ id: safetyContacts.id });
    if (row) await enqueueJob(tx, 'safety.ask', { contactId: row.id }, { dedupeKey: `safety-ask:${row.id}` });
  }
}

/** Who agreed among these addresses of this member: the only ones ever alerted. */
export async function agreedContacts(
  store: Store,
  userId: number,
  emails: readonly string[],
): Promise<string[]> {
  const rows = await store
    .select({ email: safetyContacts.email })
    .from(safetyContacts)
    .where(and(eq(safetyContacts.userId, userId), eq(safetyContacts.state, 'agreed')));
  const agreed = new Set(rows.map((r) => r.email));
  return emails.filter((email) => agreed.has(email));
}

const askPayload = z.object({ contactId: z.number().int().positive() });

/** `safety.ask`: the one e-mail asking an address to agree (nothing when it has answered meanwhile). */
export const askContact: JobHandler = async (payload, ctx) => {
  const parsed = askPayload.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError('safety.ask: malformed payload');
  const contact = await first(
    ctx.db.select().from(safetyContacts).where(eq(safetyContacts.id, parsed.data.contactId)),
  );
  if (!contact || contact.state !== 'asked') return;
  const token = newToken();
  await ctx.db
    .update(safetyContacts)
    .set({ token: hashToken(token) })
    .where(eq(safetyContacts.id, contact.id));
  const name = await shownName(ctx.db, contact.userId);
  const link = `${ctx.config.publicUrl}/api/safety/contacts/consent?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: contact.email,
    subject: `${name} asked you to be their safety contact on ${PRODUCT_NAME}`,
    text: [
      'Hello,',
      '',
      `${name} uses ${PRODUCT_NAME}, an app for metal detectorists, and would like you to be one of their`,
      'safety contacts when they go detecting alone.',
      '',
      `If you agree: when ${name} starts a trip and has not checked in some time after they expected to be`,
      'back, we will e-mail you where they planned to be and what to do. We send you nothing else.',
      '',
      'To agree, or to say no thanks, open this link:',
      link,
      '',
      `If you do not answer, we will not e-mail you about ${name} again.`,
    ].join('\n'),
  });
};

/** The contact a consent link names, or 400 'This link is not valid or has expired'. */
export async function contactByToken(store: Store, token: string | undefined): Promise<ContactRow> {
  if (!token || token.length > 200) throw consentInvalid();
  const contact = await first(
    store
      .select()
      .from(safetyContacts)
      .where(eq(safetyContacts.token, hashToken(token))),
  );
  if (!contact) throw consentInvalid();
  return contact;
}

/** Agree or No thanks, from the link's page (signed out). Either may be changed later with the same link. */
export async function answerConsent(
  store: Store,
  token: string | undefined,
  agree: boolean,
  now = new Date(),
): Promise<ContactRow> {
  const contact = await contactByToken(store, token);
  const [next] = await store
    .update(safetyContacts)
    .set(agree ? { state: 'agreed', agreedAt: now.toISOString() } : { state: 'declined', agreedAt: null })
    .where(eq(safetyContacts.id, contact.id))
    .returning();
  return next ?? contact;
}
