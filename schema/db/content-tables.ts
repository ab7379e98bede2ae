/**
 * What members write and read: forum categories, posts, finds, their comments and likes, locations,
 * events, stories and routes. Records a member can create offline carry a `uid` (docs/sync.md).
 */
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './account-tables';
import { bool, createdAt, id, uid, updatedAt } from './columns';

export const categories = sqliteTable('categories', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description'),
  icon: text('icon'),
  count: integer('count').notNull().default(0),
});

export const posts = sqliteTable(
  'posts',
  {
    id: id(),
    uid: uid(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    imageUrl: text('image_url'),
    views: integer('views').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('posts_created').on(t.createdAt),
    index('posts_category').on(t.categoryId),
    index('posts_user').on(t.userId),
  ],
);

export const comments = sqliteTable(
  'comments',
  {
    id: id(),
    uid: uid(),
    content: text('content').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('comments_post').on(t.postId)],
);

export const postLikes = sqliteTable(
  'post_likes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // By post too: a post's delete and an account deletion read a post's likes (engagement/cascade.ts).
  (t) => [uniqueIndex('post_likes_pair').on(t.userId, t.postId), index('post_likes_post').on(t.postId)],
);

export const finds = sqliteTable(
  'finds',
  {
    id: id(),
    uid: uid(),
    title: text('title').notNull(),
    description: text('description'),
    latitude: text('latitude'),
    longitude: text('longitude'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    location: text('location'),
    imageUrl: text('image_url').notNull(),
    likes: integer('likes').notNull().default(0),
    period: text('period'),
    commentCount: integer('comment_count').notNull().default(0),
    // Recording details (docs/find-recording.md): all optional but for their defaults.
    objectType: text('object_type'),
    quantity: integer('quantity').notNull().default(1),
    primaryMaterial: text('primary_material'),
    secondaryMaterial: text('secondary_material'),
    weightGrams: real('weight_grams'),
    lengthMm: real('length_mm'),
    widthMm: real('width_mm'),
    thicknessMm: real('thickness_mm'),
    diameterMm: real('diameter_mm'),
    completeness: text('completeness'),
    dateFromYear: integer('date_from_year'),
    dateToYear: integer('date_to_year'),
    discoveryMethod: text('discovery_method').notNull().default('Metal detector'),
    depthBand: text('depth_band'),
    landUse: text('land_use'),
    /** A calendar day; null on finds logged before recording details existed (their logged day stands in). */
    foundOn: text('found_on'),
    positionAccuracyM: real('position_accuracy_m'),
    positionSource: text('position_source'),
    pasRecordId: text('pas_record_id'),
    floNotes: text('flo_notes'),
    findspotPrecision: text('findspot_precision').notNull().default('hidden'),
    // The Treasure clock (docs/treasure.md); the deadline is computed from found_on and realised_on.
    treasureStatus: text('treasure_status').notNull().default('none'),
    treasureRealisedOn: text('treasure_realised_on'),
    treasureReportedOn: text('treasure_reported_on'),
    treasureReportedTo: text('treasure_reported_to'),
    treasureReference: text('treasure_reference'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // `(user_id, created_at)`: a member's newest finds, for the social feed (docs/product/social.md).
  // `(treasure_status, user_id)`: the reminder job's and /finds/reporting's possible-Treasure finds.
  (t) => [
    index('finds_created').on(t.createdAt),
    index('finds_user').on(t.userId),
    index('finds_user_created').on(t.userId, t.createdAt),
    index('finds_treasure').on(t.treasureStatus, t.userId),
  ],
);

export const findLikes = sqliteTable(
  'find_likes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    findId: integer('find_id')
      .notNull()
      .references(() => finds.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // By find too: a find's delete and an account deletion read a find's likes (engagement/cascade.ts).
  (t) => [uniqueIndex('find_likes_pair').on(t.userId, t.findId), index('find_likes_find').on(t.findId)],
);

export const findComments = sqliteTable(
  'find_comments',
  {
    id: id(),
    uid: uid(),
    content: text('content').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    findId: integer('find_id')
      .notNull()
      .references(() => finds.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('find_comments_find').on(t.findId)],
);

export const locations = sqliteTable(
  'locations',
  {
    id: id(),
    uid: uid(),
    name: text('name').notNull(),
    description: text('description'),
    latitude: text('latitude').notNull(),
    longitude: text('longitude').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isPrivate: bool('is_private').notNull().default(true),
    terrainType: text('terrain_type'),
    accessInfo: text('access_info'),
    bestTimeToVisit: text('best_time_to_visit'),
    type: text('type'),
    hasPermission: bool('has_permission').notNull().default(false),
    isGroupDig: bool('is_group_dig').notNull().default(false),
    /**
     * The position as numbers, written with `latitude`/`longitude` by the service: the text columns are the
     * product's, these serve `?near=` (a bounding box read from the `(lat, lng)` index).
     */
    lat: real('lat').notNull().default(0),
    lng: real('lng').notNull().default(0),
    /**
     * Set once the spot is first shared, never cleared: a private spot that was shared before reaches other
     * members' pulls as a tombstone; one that never was stays unheard of (docs/privacy.md).
     */
    everShared: bool('ever_shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // `user_id`: a member's spots (own scope, deletion); `(is_private, id)`: the newest shared spots (the
  // `recent:locations` window); `(lat, lng)`: the bounding box of a `near` query.
  (t) => [
    index('locations_user').on(t.userId),
    index('locations_shared').on(t.isPrivate, t.id),
    index('locations_position').on(t.lat, t.lng),
  ],
);

/**
 * Spots deleted while private and never shared (docs/privacy.md). A deleted row leaves nothing to tell whose
 * it was, yet its tombstone must reach only its owner's devices: another member's pull may not even learn
 * that a private spot existed. A spot that was shared once is not listed — everyone may hold it, so everyone
 * gets its tombstone. `owner_id` is a plain number: the row outlives nothing it refers to.
 */
export const deletedPrivateLocations = sqliteTable('deleted_private_locations', {
  locationId: integer('location_id').primaryKey(),
  ownerId: integer('owner_id').notNull(),
  // When it was deleted.
  createdAt: createdAt(),
});

/**
 * A spot's permission record (docs/privacy.md, docs/permissions.md): who the landowner is, how to reach them,
 * when permission was granted and until when, notes, the land's edges (boundary and excluded areas as
 * GeoJSON text, WGS84), the days allowed (`mon,sat`, none = any day), the notice asked for, crops or
 * livestock, and the finds agreement. Its owner's alone: only the spot's owner ever reads it, on every path.
 * At most one per spot; it goes with the spot. Dates are `YYYY-MM-DD`.
 */
export const locationPermissions = sqliteTable('location_permissions', {
  id: id(),
  locationId: integer('location_id')
    .notNull()
    .unique()
    .references(() => locations.id, { onDelete: 'cascade' }),
  landownerName: text('landowner_name'),
  landownerContact: text('landowner_contact'),
  grantedOn: text('granted_on'),
  expiresOn: text('expires_on'),
  notes: text('notes'),
  boundaryGeojson: text('boundary_geojson'),
  exclusionsGeojson: text('exclusions_geojson'),
  allowedDays: text('allowed_days'),
  notice: text('notice'),
  cropsNotes: text('crops_notes'),
  findsSplit: text('finds_split'),
  treasureSplit: text('treasure_split'),
  landownerSees: text('landowner_sees'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const events = sqliteTable(
  'events',
  {
    id: id(),
    uid: uid(),
    title: text('title').notNull(),
    description: text('description'),
    location: text('location'),
    eventDate: text('event_date').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attendeeCount: integer('attendee_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // `event_date` serves the Upcoming / Past lists; `user_id` an organiser's events (own scope, deletion).
  // `(user_id, created_at)` the social feed's events created (docs/product/social.md); `created_at` the
  // feed of a reader who follows many, walked newest first (features/social/feed.ts).
  (t) => [
    index('events_date').on(t.eventDate),
    index('events_user').on(t.userId),
    index('events_user_created').on(t.userId, t.createdAt),
    index('events_created').on(t.createdAt),
  ],
);

export const eventAttendees = sqliteTable(
  'event_attendees',
  {
    id: id(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // By member too: an account deletion reads the member's attendances (engagement/cascade.ts).
  (t) => [
    uniqueIndex('event_attendees_pair').on(t.eventId, t.userId),
    index('event_attendees_user').on(t.userId),
  ],
);

export const eventComments = sqliteTable(
  'event_comments',
  {
    id: id(),
    uid: uid(),
    content: text('content').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('event_comments_event').on(t.eventId)],
);

export const stories = sqliteTable(
  'stories',
  {
    id: id(),
    uid: uid(),
    content: text('content').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    yearsDetecting: integer('years_detecting'),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: createdAt(),
  },
  // `created_at` serves the newest-first list (docs/product/stories.md); `user_id` an author's stories.
  (t) => [
    index('stories_created').on(t.createdAt),
    index('stories_user').on(t.userId),
    index('stories_user_created').on(t.userId, t.createdAt),
  ],
);

export const storyLikes = sqliteTable(
  'story_likes',
  {
    id: id(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // By member too: an account deletion reads the member's likes (engagement/cascade.ts).
  (t) => [uniqueIndex('story_likes_pair').on(t.storyId, t.userId), index('story_likes_user').on(t.userId)],
);

export const storyComments = sqliteTable(
  'story_comments',
  {
    id: id(),
    uid: uid(),
    content: text('content').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('story_comments_story').on(t.storyId)],
);

export const routes = sqliteTable(
  'routes',
  {
    id: id(),
    uid: uid(),
    name: text('name').notNull(),
    description: text('description'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startLat: real('start_lat'),
    startLng: real('start_lng'),
    endLat: real('end_lat'),
    endLng: real('end_lng'),
    waypoints: text('waypoints', { mode: 'json' }),
    estimatedDuration: integer('estimated_duration'),
    difficulty: text('difficulty'),
    terrainType: text('terrain_type'),
    historicalPeriods: text('historical_periods', { mode: 'json' }),
    isPublic: bool('is_public').notNull().default(false),
    /**
     * Set once the route is first made public, never cleared: a route made private again reaches members who
     * pinned it as a tombstone; one that never was public stays unheard of (docs/privacy.md).
     */
    everPublic: bool('ever_public').notNull().default(false),
    /** The average of `route_ratings`, kept by the server in the rating's transaction (docs/sync.md). */
    rating: real('rating'),
    ratingCount: integer('rating_count').notNull().default(0),
    completedCount: integer('completed_count').notNull().default(0),
    createdAt: createdAt(),
  },
  // `user_id`: a member's routes (own scope); `(is_public, start_lat)`: the public routes near a point
  // (a latitude band read by index, docs/product/ar-routes.md "API calls").
  (t) => [index('routes_user').on(t.userId), index('routes_public_start').on(t.isPublic, t.startLat)],
);

/**
 * One row per completion of a route by a member (docs/product/ar-routes.md): a member may walk a route
 * many times. Achievements count these rows per member ('route-master'). Made on the device (`uid`).
 */
export const routeCompletions = sqliteTable(
  'route_completions',
  {
    id: id(),
    uid: uid(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    routeId: integer('route_id')
      .notNull()
      .references(() => routes.id, { onDelete: 'cascade' }),
    completedAt: text('completed_at').notNull(),
  },
  (t) => [index('route_completions_user').on(t.userId), index('route_completions_route').on(t.routeId)],
);

/** A member's rating of a route, one per member and route, changeable; only after completing it. */
export const routeRatings = sqliteTable(
  'route_ratings',
  {
    id: id(),
    routeId: integer('route_id')
      .notNull()
      .references(() => routes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('route_ratings_pair').on(t.routeId, t.userId),
    index('route_ratings_user').on(t.userId),
  ],
);
