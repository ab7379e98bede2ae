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
  /**
   * The module routes.tsx loads the page from. The build lists the chunks it needs (`.vite/route-chunks.json`,
   * scripts/vite-build-plugins.ts) and the server asks for them in the page's HTML, so on a first visit they
   * download with the entry instead of after it. None for `/`: its first look (the hero) is in the HTML.
   */
  readonly module?: string;
}

export const ROUTE_LIST: readonly ListedRoute[] = [
  { path: '/', kind: 'page' },
  { path: '/forum', kind: 'page', module: '@web/features/forum' },
  { path: '/forum/post/:id', kind: 'page', sample: 'post', module: '@web/features/forum' },
  { path: '/finds', kind: 'page', module: '@web/features/finds' },
  { path: '/finds/pack', kind: 'page', module: '@web/features/finds/pages/flo-pack-page' },
  { path: '/finds/reporting', kind: 'page', module: '@web/features/finds/treasure' },
  { path: '/finds/:id', kind: 'page', sample: 'find', module: '@web/features/finds' },
  { path: '/map', kind: 'page', module: '@web/features/map' },
  {
    path: '/map/spots/:id/letter',
    kind: 'page',
    sample: 'spot',
    module: '@web/features/map/permission-letter',
  },
  { path: '/detecting-map', kind: 'redirect' },
  { path: '/ar-routes', kind: 'page', module: '@web/features/map/ar-routes' },
  { path: '/wellbeing', kind: 'page', module: '@web/features/wellbeing' },
  { path: '/wellbeing/stories/:id', kind: 'page', sample: 'story', module: '@web/features/wellbeing' },
  { path: '/achievements', kind: 'page', module: '@web/features/achievements' },
  { path: '/social', kind: 'page', module: '@web/features/social' },
  { path: '/users/:id', kind: 'page', sample: 'member', module: '@web/features/social' },
  { path: '/groups/:id', kind: 'page', sample: 'group', module: '@web/features/social' },
  { path: '/diggers-match', kind: 'page', module: '@web/features/pages/diggers-match-page' },
  { path: '/events', kind: 'page', module: '@web/features/events' },
  { path: '/events/create', kind: 'page', module: '@web/features/events' },
  { path: '/events/:id', kind: 'page', sample: 'event', module: '@web/features/events' },
  { path: '/events/:id/edit', kind: 'page', sample: 'event', module: '@web/features/events' },
  { path: '/profile/edit', kind: 'page', module: '@web/features/auth/pages/edit-profile-page' },
  { path: '/settings/storage', kind: 'page', module: '@web/features/settings' },
  { path: '/settings/data', kind: 'page', module: '@web/features/settings' },
  { path: '/notifications', kind: 'page', module: '@web/features/notifications' },
  { path: '/settings/notifications', kind: 'page', module: '@web/features/notifications' },
  { path: '/detecting', kind: 'page', module: '@web/features/detecting' },
  { path: '/safety', kind: 'page', module: '@web/features/safety' },
  { path: '/moderation', kind: 'page', module: '@web/features/moderation' },
  { path: '/verify-email', kind: 'page', module: '@web/features/auth/pages/verify-email-page' },
  { path: '/reset-password', kind: 'page', module: '@web/features/auth/pages/reset-password-page' },
  { path: '/login', kind: 'page', module: '@web/features/auth/pages/sign-in-page' },
  { path: '/guides', kind: 'page', module: '@web/features/pages/guides-page' },
  { path: '/equipment', kind: 'page', module: '@web/features/pages/equipment-page' },
  { path: '/legal', kind: 'page', module: '@web/features/pages/legal-page' },
  { path: '/*', kind: 'page', visit: '/no/such/page', module: '@web/features/pages/not-found-page' },
];
