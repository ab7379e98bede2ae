/**
 * Every route the router (routes.tsx) defines, as data, for the scripts that visit each page:
 * `npm run lighthouse` and `npm run check:bundle` (docs/testing.md). route-list.test.ts fails when the
 * router gains a route this list lacks, so a new page is measured from its first day.
 */

/** The kind of record whose id fills a route's `:id`: the scripts take a real one from the demo data. */
export type RouteSample = 'find' | 'post' | 'event' | 'story' | 'member' | 'group' | 'spot';

export interface ListedRoute {
  /** The full path as the router declares it: '/', '/finds/:id'. */
  readonly path: string;
  /** `page`: a content page, measured. `redirect`: answers with another listed page, not measured. */
  readonly kind: 'page' | 'redirect';
  /** For a route with `:id`: which demo record's id the scripts put in. */
  readonly sample?: RouteSample;
  /** The URL to visit when it is not the path itself (the catch-all route). */
  readonly visit?: string;
}

export const ROUTE_LIST: readonly ListedRoute[] = [
  { path: '/', kind: 'page' },
  { path: '/forum', kind: 'page' },
  { path: '/forum/post/:id', kind: 'page', sample: 'post' },
  { path: '/finds', kind: 'page' },
  { path: '/finds/pack', kind: 'page' },
  { path: '/finds/reporting', kind: 'page' },
  { path: '/finds/:id', kind: 'page', sample: 'find' },
  { path: '/map', kind: 'page' },
  { path: '/map/spots/:id/letter', kind: 'page', sample: 'spot' },
  { path: '/detecting-map', kind: 'redirect' },
  { path: '/ar-routes', kind: 'page' },
  { path: '/wellbeing', kind: 'page' },
  { path: '/wellbeing/stories/:id', kind: 'page', sample: 'story' },
  { path: '/achievements', kind: 'page' },
  { path: '/social', kind: 'page' },
  { path: '/users/:id', kind: 'page', sample: 'member' },
  { path: '/groups/:id', kind: 'page', sample: 'group' },
  { path: '/diggers-match', kind: 'page' },
  { path: '/events', kind: 'page' },
  { path: '/events/create', kind: 'page' },
  { path: '/events/:id', kind: 'page', sample: 'event' },
  { path: '/events/:id/edit', kind: 'page', sample: 'event' },
  { path: '/profile/edit', kind: 'page' },
  { path: '/settings/storage', kind: 'page' },
  { path: '/settings/data', kind: 'page' },
  { path: '/notifications', kind: 'page' },
  { path: '/settings/notifications', kind: 'page' },
  { path: '/detecting', kind: 'page' },
  { path: '/safety', kind: 'page' },
  { path: '/moderation', kind: 'page' },
  { path: '/verify-email', kind: 'page' },
  { path: '/reset-password', kind: 'page' },
  { path: '/login', kind: 'page' },
  { path: '/guides', kind: 'page' },
  { path: '/equipment', kind: 'page' },
  { path: '/legal', kind: 'page' },
  { path: '/*', kind: 'page', visit: '/no/such/page' },
];
