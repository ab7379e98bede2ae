/**
 * The creates of the reports' entity fixture (entity-fixtures.ts), as the Report dialog writes them
 * (components/moderation/report.ts): a report of another member's forum post, and one of a record that is
 * not there. Test code only.
 */
import { uuidv7 } from 'uuidv7';
import type { ReportInput } from '@schema/contracts/moderation';
import { newReportRecord } from '@web/db/entities/reports';
import { isRow } from '@web/db/entity-fields';
import type { LocalWrite } from './outbox';
import { postWrite, type FixtureContext } from './fixture-writes';
import { appFetch, member as signedInMember } from './test-utils';
import { jsonInit, request } from './transport';

/** The member's report, its payload exactly the dialog's. */
export function reportWrite({ member }: FixtureContext, input: ReportInput): LocalWrite {
  const uid = uuidv7();
  const record = newReportRecord(uid, member.user.id, input);
  const payload = { entity: input.entity, id: input.id, reason: input.reason, note: input.note };
  return { entity: 'reports', op: 'create', uid, userId: member.user.id, payload, record };
}

/** A forum post written over REST by a fresh member (nobody may report their own): its server id. */
export async function postOfAnother(ctx: FixtureContext): Promise<number> {
  const author = await signedInMember(ctx.t, `author-${uuidv7().slice(-12)}`);
  const { payload } = postWrite({ ...ctx, member: author });
  const res = await request(
    appFetch(ctx.t, () => author.cookie),
    '/api/posts',
    jsonInit('POST', payload),
  );
  const id = isRow(res.data) ? res.data.id : undefined;
  if (typeof id !== 'number') throw new Error(`create post: ${res.status}`);
  return id;
}
