/**
 * What the group screens share about a group (docs/product/social.md "Groups"): its card's fields, its
 * link and its member count in words. Kept apart from the card so the form and the browse dialog can use
 * them without importing the card (which opens the form).
 */
export const membersText = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;
export const groupHref = (group: { uid: string }) => `/groups/${group.uid}`;

/** What a card shows: a REST `Group` and a stored `LocalGroup` alike. */
export interface GroupSummary {
  uid: string;
  name: string;
  description: string | null;
  location: string | null;
  isPrivate: boolean;
  memberCount: number;
  creatorId: number;
  membership: { status: string } | null;
  coverImageUrl?: string | null | undefined;
  tags?: readonly string[] | undefined;
  rules?: string | null | undefined;
}

/** The small version of a cover for cards: `/uploads/<sha>.webp` → `/uploads/<sha>-thumb.webp`. */
export const coverThumb = (url: string) => url.replace(/^(\/uploads\/[0-9a-f]{64})\.webp$/, '$1-thumb.webp');
