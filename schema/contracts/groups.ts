/**
 * Groups contracts (docs/product/social.md "Groups"; docs/product/data-model.md `groups`,
 * `group_memberships`): the create and edit requests, the invite, and the wire shapes REST and pull answer
 * with. The Create Group dialog, the sync payloads and the server validate with these same schemas.
 */
import { z } from 'zod';
import { text, withoutControls } from './text';
import { idOrUidTextSchema, idSchema } from './ids';
import {
  GROUP_COMMENT_MAX,
  GROUP_DESCRIPTION_MAX,
  GROUP_LOCATION_MAX,
  GROUP_NAME_MAX,
  GROUP_RULES_MAX,
  GROUP_TAG_MAX,
  GROUP_TAGS_MAX,
  groupMessages,
  type MembershipRole,
  type MembershipStatus,
} from './groups-constants';

export * from './groups-constants';

/** Empty optional text is no text: a blank description shows 'No description provided'. */
const optionalText = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? withoutControls(v).trim() || null : v),
    text().max(max, message).nullable().optional(),
  );

const name = text({ error: groupMessages.nameRequired })
  .trim()
  .min(1, groupMessages.nameRequired)
  .max(GROUP_NAME_MAX, groupMessages.nameTooLong);

const tag = text({ error: groupMessages.tagsInvalid })
  .trim()
  .min(1, groupMessages.tagEmpty)
  .max(GROUP_TAG_MAX, groupMessages.tagTooLong);

/**
 * A few short labels ('Roman', 'Beach'): trimmed, at most GROUP_TAGS_MAX of at most GROUP_TAG_MAX
 * characters, each once (ignoring case). Null or an empty list clears them.
 */
export const groupTagsSchema = z
  .array(tag, { error: groupMessages.tagsInvalid })
  .max(GROUP_TAGS_MAX, groupMessages.tooManyTags)
  .refine(
    (tags) => new Set(tags.map((t) => t.toLowerCase())).size === tags.length,
    groupMessages.tagsRepeated,
  );

/** The tags as a member types them: words separated by commas ('Roman, beach'); blanks are ignored. */
export const tagsFromText = (value: string): string[] =>
  value
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');

const fields = {
  name,
  description: optionalText(GROUP_DESCRIPTION_MAX, groupMessages.descriptionTooLong),
  location: optionalText(GROUP_LOCATION_MAX, groupMessages.locationTooLong),
  isPrivate: z.boolean({ error: groupMessages.isPrivateInvalid }).optional(),
  /** A picture uploaded first with `POST /api/upload-image` (the server checks it stored it). */
  avatarUrl: text().max(500).nullable().optional(),
  /** The page's banner, uploaded (and re-encoded) the same way; the server checks it stored it. */
  coverImageUrl: text().max(500).nullable().optional(),
  tags: groupTagsSchema.nullable().optional(),
  rules: optionalText(GROUP_RULES_MAX, groupMessages.rulesTooLong),
};

/** POST /api/groups. `userId`/`creatorId` are not read: the session is the creator. */
export const groupCreateSchema = z.object(fields);
export type GroupCreateInput = z.output<typeof groupCreateSchema>;

/** PUT /api/groups/{id}: any of the fields; only those given change (S17). */
export const groupUpdateSchema = z.object({ ...fields, name: name.optional() });
export type GroupUpdateInput = z.output<typeof groupUpdateSchema>;

export const groupSyncCreatePayloadSchema = groupCreateSchema;
export const groupSyncUpdatePayloadSchema = groupUpdateSchema;

/** POST /api/groups/{id}/invite and /transfer (the creator): a member's id, strictly (never `true`). */
export const groupInviteSchema = z.object({ userId: idSchema(groupMessages.userIdRequired) });

/** The sync create of a `group_memberships` row: joining (or asking to join) a group; its delete leaves. */
export const membershipSyncCreatePayloadSchema = z.object({
  groupUid: idOrUidTextSchema(groupMessages.notFound),
});

/** A discussion comment (engagement module): 1–1000 characters after trimming. */
export const groupCommentSchema = z.object({
  content: text({ error: groupMessages.commentEmpty })
    .trim()
    .min(1, groupMessages.commentEmpty)
    .max(GROUP_COMMENT_MAX, groupMessages.commentTooLong),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Entity 'group_comments' create: the group by uid, since it may not have a server id yet. */
export const groupCommentSyncCreatePayloadSchema = groupCommentSchema.extend({
  groupUid: z.string({ error: groupMessages.notFound }).regex(UUID, groupMessages.notFound),
});

/** A discussion comment on the wire (REST and pull alike). */
export interface GroupComment {
  id: number;
  uid: string;
  groupId: number;
  groupUid: string;
  userId: number;
  username: string;
  content: string;
  created_at: string;
}

/** The caller's own membership of a group, as REST and pull answer it with the group. */
export interface MyMembership {
  status: MembershipStatus;
  role: MembershipRole;
}

/** A group as REST and pull answer it; `memberCount` counts active members, computed by the server. */
export interface Group {
  id: number;
  uid: string;
  name: string;
  description: string | null;
  location: string | null;
  isPrivate: boolean;
  avatarUrl: string | null;
  /** The banner on the group's page and card (an upload of ours), or null. */
  coverImageUrl: string | null;
  /** Short labels, possibly none. */
  tags: string[];
  /** The group's rules as its creator wrote them, or null. */
  rules: string | null;
  memberCount: number;
  /** The discussion's comments, computed by the server (pulled alone as `group_counts`, S30). */
  commentCount: number;
  creatorId: number;
  creatorName: string;
  created_at: string;
  /** The caller's membership, null when they have none (or are signed out). */
  membership: MyMembership | null;
}

/** A membership, as REST and pull answer it. */
export interface GroupMembership {
  id: number;
  uid: string;
  groupId: number;
  groupUid: string;
  userId: number;
  username: string;
  avatarUrl: string;
  role: MembershipRole;
  status: MembershipStatus;
  joinedAt: string;
}
