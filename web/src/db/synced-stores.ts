/**
 * The Dexie stores of the synced tables: for each entity, its index spec with the primary key (`uid`)
 * first (docs/sync.md "Record identity"). Declared here, apart from the descriptors in ./entities, so the
 * database (opened on every page) does not carry every entity's sync logic into the first download: the
 * descriptors read their indexes from this map (entity-descriptor.ts), and only the sync engine and the
 * screens that write records load them.
 *
 * A new synced entity adds its line here and raises the version in database.ts; so does changing a line. A windowed entity (C16) needs `id` (the window is the newest N by server id)
 * and `userId` (eviction keeps the member's own): defineEntity checks it at start-up.
 */
export const SYNCED_STORES = {
  // `[period+created_at]` serves the gallery's period filter newest-first without reading rows; `id`
  // resolves /finds/42 links and orders the window.
  finds: 'uid, created_at, [period+created_at], id, userId',
  // Comments by parent, oldest first.
  find_comments: 'uid, findUid, [findUid+created_at]',
  // Likes and attendances are keyed by the parent record's uid: one per member and record.
  find_likes: 'uid',
  // Newest first (`created_at`) or most viewed (`views`), a category's or a member's posts, `id` for
  // /forum/post/42 links and the window's order.
  posts: 'uid, created_at, views, categoryId, userId, id',
  comments: 'uid, postUid, [postUid+created_at]',
  post_likes: 'uid',
  // `eventDate` orders the Upcoming and Past lists; `id` resolves /events/42 links and orders the window.
  events: 'uid, eventDate, id, userId',
  event_comments: 'uid, eventUid, [eventUid+created_at]',
  event_attendees: 'uid',
  // `userId` also serves "Only my locations"; `latitude` reads the spots of a map view as a range.
  locations: 'uid, id, userId, latitude',
  // `created_at` orders the newest-first lists; `id` resolves /wellbeing/stories/42 links.
  stories: 'uid, created_at, id, userId',
  story_comments: 'uid, storyUid, [storyUid+created_at]',
  story_likes: 'uid',
  // `userId`: whom the member follows; `followingId`: one follow.
  user_connections: 'uid, userId, followingId',
  // `userId` (sender) and `receiverId`: a conversation's two halves and my unread ones; `created_at`: order.
  messages: 'uid, userId, receiverId, created_at',
  // `id` resolves links; `userId` finds the member's own (eviction keeps them, C16).
  routes: 'uid, id, userId',
  // The member's walks, by route.
  route_completions: 'uid, routeUid, userId',
  // Groups by creator (`userId`) and `id` for /groups/42 links; memberships by member and by group (the
  // "My groups" list joins them); the discussion by group, oldest first.
  groups: 'uid, id, userId',
  group_memberships: 'uid, userId, groupUid',
  group_comments: 'uid, groupUid, [groupUid+created_at]',
  // The tour: one record per member, by member (a device keeps only the signed-in member's).
  onboarding: 'uid, userId',
  // The member's notifications, newest first by server id (the list pages by it); unread ones by `readAt`.
  notifications: 'uid, id, created_at, readAt',
  // The member's detecting trips; the one under way by `state`.
  safety_trips: 'uid, id, userId, state',
  // The member's reports: by server id (a queued one has none yet) and by member (C11).
  reports: 'uid, id, userId',
} as const;

export type SyncedStoreName = keyof typeof SYNCED_STORES;
