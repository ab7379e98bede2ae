/**
 * Moderation requests (docs/moderation.md): pure validators for `POST /api/reports`,
 * `POST /api/moderation/actions` and `PUT /api/users/{id}/role`, each answering the clean input or an
 * error code with its message (and the field it is about), shared by the server and the web forms.
 * Wire shapes of the moderation answers are here too.
 */
import {
  hideableEntities,
  MODERATION_REASON_MAX,
  moderationActionNames,
  moderationMessages,
  recordActions,
  REPORT_NOTE_MAX,
  reportableEntities,
  reportReasons,
  roles,
  suspensionDays,
  type HideableEntity,
  type ModerationActionName,
  type ReportableEntity,
  type ReportReason,
  type Role,
  type SuspensionDays,
} from './moderation-constants';

export * from './moderation-constants';
import { withoutControls } from './text-clean';

export type ModerationErrorCode =
  | 'entity-invalid'
  | 'id-invalid'
  | 'reason-invalid'
  | 'note-too-long'
  | 'action-invalid'
  | 'reason-required'
  | 'reason-too-long'
  | 'record-required'
  | 'member-required'
  | 'days-invalid'
  | 'not-hideable'
  | 'role-invalid';

export type Checked<T> =
  { ok: true; value: T } | { ok: false; code: ModerationErrorCode; message: string; field: string };

const fail = <T>(code: ModerationErrorCode, field: string, message: string): Checked<T> => ({
  ok: false,
  code,
  field,
  message,
});

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

const asRecord = (input: unknown): Record<string, unknown> =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? { ...input } : {};

export interface ReportInput {
  entity: ReportableEntity;
  id: number;
  reason: ReportReason;
  note: string | null;
}

/**
 * `POST /api/reports { entity, id, reason, note?, uid? }`: a blank note is no note. The same payload is a
 * queued report's sync create (PROTOCOL.md `reports`), checked by this same function on both paths so a
 * refusal carries the REST code and message (S5); `uid` (a device-made UUID, optional over REST) is read
 * apart with `reportUid`.
 */
export function checkReport(input: unknown): Checked<ReportInput> {
  const body = asRecord(input);
  if (!isOneOf(reportableEntities, body.entity))
    return fail('entity-invalid', 'entity', moderationMessages.entityInvalid);
  if (!isId(body.id)) return fail('id-invalid', 'id', moderationMessages.idInvalid);
  if (!isOneOf(reportReasons, body.reason))
    return fail('reason-invalid', 'reason', moderationMessages.reasonInvalid);
  if (body.note !== undefined && body.note !== null && typeof body.note !== 'string')
    return fail('note-too-long', 'note', moderationMessages.noteTooLong);
  // Cleaned like every free text (text-clean.ts): a pasted control character is dropped, never stored.
  const note = typeof body.note === 'string' ? withoutControls(body.note).trim() : '';
  if (note.length > REPORT_NOTE_MAX) return fail('note-too-long', 'note', moderationMessages.noteTooLong);
  return { ok: true, value: { entity: body.entity, id: body.id, reason: body.reason, note: note || null } };
}

/** A record's uid, as ids.ts `UID` (not imported: that module brings Zod into the Report dialog). */
const UID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The optional `uid` of a REST report: absent → undefined (the server makes one); malformed → null. */
export function reportUid(input: unknown): string | null | undefined {
  const uid = asRecord(input).uid;
  if (uid === undefined || uid === null) return undefined;
  return typeof uid === 'string' && UID.test(uid) ? uid.toLowerCase() : null;
}

/**
 * A member's own report as their devices pull it (PROTOCOL.md `reports`, member-only): what they reported,
 * why, and whether it is still `open` or a moderator has `closed` it. Never anyone else's.
 */
export interface ReportWire {
  id: number;
  uid: string;
  userId: number;
  entity: ReportableEntity;
  recordId: number;
  reason: ReportReason;
  note: string | null;
  status: 'open' | 'closed';
  createdAt: string;
  updatedAt: string;
}

export interface ActionInput {
  action: ModerationActionName;
  entity: ReportableEntity | null;
  id: number | null;
  userId: number | null;
  reason: string;
  days: SuspensionDays;
}

/**
 * `POST /api/moderation/actions { action, entity?, id?, userId?, reason, days? }`. Record actions need
 * `entity` and `id`; warn, suspend and unsuspend need `userId` or a record whose author they concern.
 * `days` (suspend only): 1, 7 or 30, or null / absent for "until lifted".
 */
export function checkAction(input: unknown): Checked<ActionInput> {
  const body = asRecord(input);
  if (!isOneOf(moderationActionNames, body.action))
    return fail('action-invalid', 'action', moderationMessages.actionInvalid);
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (!reason) return fail('reason-required', 'reason', moderationMessages.actionReasonRequired);
  if (reason.length > MODERATION_REASON_MAX)
    return fail('reason-too-long', 'reason', moderationMessages.actionReasonTooLong);
  const hasEntity = body.entity !== undefined && body.entity !== null;
  if (hasEntity && !isOneOf(reportableEntities, body.entity))
    return fail('entity-invalid', 'entity', moderationMessages.entityInvalid);
  const entity = hasEntity ? (body.entity as ReportableEntity) : null;
  const id = body.id === undefined || body.id === null ? null : body.id;
  if (id !== null && !isId(id)) return fail('id-invalid', 'id', moderationMessages.idInvalid);
  const userId = body.userId === undefined || body.userId === null ? null : body.userId;
  if (userId !== null && !isId(userId))
    return fail('member-required', 'userId', moderationMessages.memberRequired);
  const onRecord = recordActions.includes(body.action);
  if ((onRecord || entity !== null || id !== null) && (entity === null || id === null))
    return fail('record-required', 'entity', moderationMessages.recordRequired);
  if (!onRecord && entity === null && userId === null)
    return fail('member-required', 'userId', moderationMessages.memberRequired);
  if ((body.action === 'hide' || body.action === 'restore') && !isOneOf(hideableEntities, entity))
    return fail('not-hideable', 'entity', moderationMessages.notHideable);
  let days: SuspensionDays = null;
  if (body.action === 'suspend' && body.days !== undefined && body.days !== null) {
    if (!(suspensionDays as readonly unknown[]).includes(body.days))
      return fail('days-invalid', 'days', moderationMessages.daysInvalid);
    days = body.days as SuspensionDays;
  }
  return { ok: true, value: { action: body.action, entity, id, userId, reason, days } };
}

/** `POST /api/moderation/review { entity, id }`: an author asks the moderators to look at their hidden record. */
export function checkReview(input: unknown): Checked<{ entity: HideableEntity; id: number }> {
  const body = asRecord(input);
  if (!isOneOf(hideableEntities, body.entity))
    return fail('not-hideable', 'entity', moderationMessages.notHideable);
  if (!isId(body.id)) return fail('id-invalid', 'id', moderationMessages.idInvalid);
  return { ok: true, value: { entity: body.entity, id: body.id } };
}

/** `PUT /api/users/{id}/role { role }`. */
export function checkRole(input: unknown): Checked<Role> {
  const body = asRecord(input);
  return isOneOf(roles, body.role)
    ? { ok: true, value: body.role }
    : fail('role-invalid', 'role', moderationMessages.roleInvalid);
}

export const isHideable = (entity: string): entity is HideableEntity => isOneOf(hideableEntities, entity);

/** What an author reads on a record a moderator hid (REST answers and their own devices' pulls). */
export interface HiddenByModerator {
  reason: string;
}

/** One record in the queue: its open reports and what moderators need to judge it. */
export interface QueueItem {
  entity: ReportableEntity;
  id: number;
  /** The record as other members see it (never exact spots); null when it is gone. */
  record: Record<string, unknown> | null;
  hiddenByModerator: HiddenByModerator | null;
  /** `suspendedUntil`: the suspension in force (as `users.suspended_until`), or null. */
  author: { id: number; username: string; suspendedUntil: string | null } | null;
  reports: number;
  reasons: Partial<Record<ReportReason, number>>;
  notes: { reporterId: number | null; reason: ReportReason; note: string; createdAt: string }[];
  firstReportedAt: string;
  /** Earlier actions against the author, newest first. */
  authorHistory: LogEntry[];
}

export interface LogEntry {
  id: number;
  moderatorId: number | null;
  moderator: string | null;
  action: ModerationActionName;
  entity: string | null;
  recordId: number | null;
  userId: number | null;
  reason: string;
  days: number | null;
  createdAt: string;
}

/** `GET /api/moderation/members/{username}`: a member as moderators act on them (warn, suspend, lift). */
export interface MemberStanding {
  id: number;
  username: string;
  /** Moderators and the official account: never warned or suspended. */
  moderator: boolean;
  /** The suspension in force, or null. */
  suspension: { until: string; reason: string | null } | null;
  /** Earlier actions against them, newest first. */
  history: LogEntry[];
}

/** `GET /api/me/moderation`: the member's own standing. */
export interface MyModeration {
  role: Role;
  /** Moderators and the official account. */
  moderator: boolean;
  suspension: { until: string; reason: string | null; message: string } | null;
  /** Warnings not yet shown (mark each seen with POST /api/me/warnings/{id}/seen). */
  warnings: { id: number; reason: string; createdAt: string }[];
}
