/**
 * What a group's invite link shows (docs/product/social.md "Groups"): GET /api/groups/{uid}/invitation.
 * The link is the group's uid, which only its creator hands out; holding it entitles a visitor to the
 * group's name and their own request's state — never its description, place or members.
 */
export interface GroupInvitation {
  uid: string;
  name: string;
  isPrivate: boolean;
  /** The caller's own membership (a pending request), or null (signed out, or not asked yet). */
  membership: { status: string } | null;
}
