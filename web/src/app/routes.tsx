/**
 * Every route of the product (docs/product/pages.md). Pages load lazily so the first visit only downloads
 * the shell and the page it lands on; the service worker precaches the rest. Declarative routing
 * (`useRoutes`) on purpose: the app has no loaders or actions (screens read Dexie), and the data router
 * would add ~17 KB gzip to the first load (the budget of `npm run check:bundle`).
 */
import { lazy, useMemo, type ComponentType } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './route-error';
import { RouteMatchesContext, type RouteHandle } from './route-matches';

function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const Page = lazy(async () => ({ default: pick(await load()) }));
  return <Page />;
}

const HomeMapSection = lazy(() => import('@web/features/map/home-map-section'));
const HomeWellbeingSection = lazy(async () => ({
  default: (await import('@web/features/wellbeing/home-wellbeing-section')).HomeWellbeingSection,
}));

// Attend on the home page's Upcoming Events card: the events feature's, loaded with the card.
const HomeEventAttendButton = lazy(async () => ({
  default: (await import('@web/features/events/home-attend-button')).HomeAttendButton,
}));

// The welcome-tour banner and compact achievements card: a chunk of their own, after the page's first paint.
const HomeAchievements = lazy(async () => ({
  default: (await import('@web/features/achievements/home-achievements')).HomeAchievements,
}));

function page(
  path: string,
  title: string,
  element: RouteObject['element'],
  options: Omit<RouteHandle, 'title'> = {},
): RouteObject {
  return { path, element, handle: { title, ...options } satisfies RouteHandle };
}

/** The 404 page links /detecting-map (docs/product/pages.md#404): keep lat/lng so shared links centre. */
function RedirectToMap() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/map', search }} replace />;
}

export const routes: RouteObject[] = [
  {
    path: '/',
    // A page that throws renders its error inside the header/footer frame (RootLayout's boundary).
    element: <RootLayout />,
    children: [
      {
        index: true,
        element: lazyPage(
          () => import('@web/features/home/home-page'),
          // The home page's map section shows the map feature's map, loaded when scrolled into view; its
          // wellbeing section is the wellbeing feature's, loaded after the page's first paint.
          (m) =>
            function Home() {
              return (
                <m.HomePage
                  mapSection={HomeMapSection}
                  wellbeingSection={HomeWellbeingSection}
                  achievementsSection={HomeAchievements}
                  eventAttendButton={HomeEventAttendButton}
                />
              );
            },
        ),
      },
      page(
        'forum',
        'Community Forum',
        lazyPage(
          () => import('@web/features/forum'),
          (m) => m.ForumPage,
        ),
      ),
      page(
        'forum/post/:id',
        'Forum Post',
        lazyPage(
          () => import('@web/features/forum'),
          (m) => m.PostDetailPage,
        ),
      ),
      page(
        'finds',
        'Finds Gallery',
        lazyPage(
          () => import('@web/features/finds'),
          (m) => m.FindsGalleryPage,
        ),
      ),
      page(
        'finds/pack',
        'FLO pack',
        lazyPage(
          () => import('@web/features/finds/pages/flo-pack-page'),
          (m) => m.FloPackPage,
        ),
      ),
      page(
        'finds/reporting',
        'Treasure reporting',
        lazyPage(
          () => import('@web/features/finds/treasure'),
          (m) => m.ReportingPage,
        ),
      ),
      page(
        'finds/:id',
        'Find',
        lazyPage(
          () => import('@web/features/finds'),
          (m) => m.FindDetailPage,
        ),
      ),
      page(
        'map',
        'Detecting Map',
        lazyPage(
          () => {
            // MapLibre and the basemap start downloading with the page's code, not after it has rendered.
            void import('@web/features/map/components/lazy-canvas').then((m) => m.preloadMap());
            return import('@web/features/map');
          },
          (m) => m.MapPage,
        ),
        { fullBleed: true },
      ),
      page(
        'map/spots/:id/letter',
        'Permission letter',
        lazyPage(
          () => import('@web/features/map/permission-letter'),
          (m) => m.PermissionLetterPage,
        ),
      ),
      { path: 'detecting-map', element: <RedirectToMap /> },
      page(
        'ar-routes',
        'AR Route Recommendations',
        lazyPage(
          () => import('@web/features/map/ar-routes'),
          (m) => m.ArRoutesPage,
        ),
      ),
      page(
        'wellbeing',
        'Wellbeing Hub',
        lazyPage(
          () => import('@web/features/wellbeing'),
          (m) => m.WellbeingPage,
        ),
      ),
      page(
        'wellbeing/stories/:id',
        'Story',
        lazyPage(
          () => import('@web/features/wellbeing'),
          (m) => m.StoryPage,
        ),
      ),
      page(
        'achievements',
        'Achievements',
        lazyPage(
          () => import('@web/features/achievements'),
          (m) => m.AchievementsPage,
        ),
      ),
      page(
        'social',
        'Social Dashboard',
        lazyPage(
          () => import('@web/features/social'),
          (m) => m.SocialPage,
        ),
      ),
      page(
        'users/:id',
        'Member Profile',
        lazyPage(
          () => import('@web/features/social'),
          (m) => m.ProfilePage,
        ),
      ),
      page(
        'groups/:id',
        'Group',
        lazyPage(
          () => import('@web/features/social'),
          (m) => m.GroupPage,
        ),
      ),
      page(
        'diggers-match',
        "Digger's Match",
        lazyPage(
          () => import('@web/features/pages/diggers-match-page'),
          (m) => m.DiggersMatchPage,
        ),
      ),
      page(
        'events',
        'Events',
        lazyPage(
          () => import('@web/features/events'),
          (m) => m.EventsPage,
        ),
      ),
      page(
        'events/create',
        'Create Event',
        lazyPage(
          () => import('@web/features/events'),
          (m) => m.CreateEventPage,
        ),
      ),
      page(
        'events/:id',
        'Event',
        lazyPage(
          () => import('@web/features/events'),
          (m) => m.EventDetailPage,
        ),
      ),
      page(
        'events/:id/edit',
        'Edit Event',
        lazyPage(
          () => import('@web/features/events'),
          (m) => m.EditEventPage,
        ),
      ),
      page(
        'profile/edit',
        'Edit Profile',
        lazyPage(
          () => import('@web/features/auth/pages/edit-profile-page'),
          (m) => m.EditProfilePage,
        ),
      ),
      page(
        'settings/storage',
        'Storage',
        lazyPage(
          () => import('@web/features/settings'),
          (m) => m.StoragePage,
        ),
      ),
      page(
        'settings/data',
        'Your data',
        lazyPage(
          () => import('@web/features/settings'),
          (m) => m.DataPage,
        ),
      ),
      page(
        'notifications',
        'Notifications',
        lazyPage(
          () => import('@web/features/notifications'),
          (m) => m.NotificationsPage,
        ),
      ),
      page(
        'settings/notifications',
        'Notification settings',
        lazyPage(
          () => import('@web/features/notifications'),
          (m) => m.NotificationSettingsPage,
        ),
      ),
      page(
        'detecting',
        'Detecting now',
        lazyPage(
          () => import('@web/features/detecting'),
          (m) => m.DetectingPage,
        ),
      ),
      page(
        'safety',
        'Safe return',
        lazyPage(
          () => import('@web/features/safety'),
          (m) => m.SafetyPage,
        ),
      ),
      page(
        'moderation',
        'Moderation',
        lazyPage(
          () => import('@web/features/moderation'),
          (m) => m.ModerationPage,
        ),
      ),
      page(
        'verify-email',
        'Verify Email',
        lazyPage(
          () => import('@web/features/auth/pages/verify-email-page'),
          (m) => m.VerifyEmailPage,
        ),
      ),
      page(
        'reset-password',
        'Reset Password',
        lazyPage(
          () => import('@web/features/auth/pages/reset-password-page'),
          (m) => m.ResetPasswordPage,
        ),
      ),
      page(
        'login',
        'Sign in',
        lazyPage(
          () => import('@web/features/auth/pages/sign-in-page'),
          (m) => m.SignInPage,
        ),
      ),
      page(
        'guides',
        'Detecting Guides',
        lazyPage(
          () => import('@web/features/pages/guides-page'),
          (m) => m.GuidesPage,
        ),
      ),
      page(
        'equipment',
        'Equipment Guide',
        lazyPage(
          () => import('@web/features/pages/equipment-page'),
          (m) => m.EquipmentPage,
        ),
      ),
      page(
        'legal',
        'Legal Guide',
        lazyPage(
          () => import('@web/features/pages/legal-page'),
          (m) => m.LegalPage,
        ),
      ),
      page(
        '*',
        'Page Not Found',
        lazyPage(
          () => import('@web/features/pages/not-found-page'),
          (m) => m.NotFoundPage,
        ),
      ),
    ],
  },
];

/**
 * The routed app: the matched routes go into context (title, loading, error reset); a layout that throws
 * falls back to the error page on its own.
 */
export function AppRoutes() {
  const location = useLocation();
  const matches = useMemo(() => matchRoutes(routes, location) ?? [], [location]);
  const element = useRoutes(routes, location);
  return (
    <RouteMatchesContext.Provider value={matches}>
      <RouteErrorBoundary>{element}</RouteErrorBoundary>
    </RouteMatchesContext.Provider>
  );
}
