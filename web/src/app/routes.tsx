/**
 * Every route of both spec route tables plus the pages DESIGN.md §6 adds. Pages load lazily so the
 * first visit only downloads the shell and the page it lands on; the service worker precaches the rest.
 */
import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import type { RouteHandle } from './layout/route-effects';
import { AppLoading, RouteError } from './route-error';

function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const placeholders = () => import('@web/features/pages/placeholders');

function page(path: string, title: string, lazy: RouteObject['lazy']): RouteObject {
  return { path, lazy, handle: { title } satisfies RouteHandle };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: AppLoading,
    errorElement: <RouteError />,
    children: [
      {
        // Pathless: a page that throws renders its error inside the header/footer frame.
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            lazy: lazyPage(
              () => import('@web/features/home/home-page'),
              (m) => m.HomePage,
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
            lazyPage(placeholders, (m) => m.MapPage),
          ),
          {
            // The spec's 404 page links here (DESIGN.md §6); keep lat/lng so shared links still centre.
            path: 'detecting-map',
            loader: ({ request }) => redirect(`/map${new URL(request.url).search}`),
          },
          page(
            'ar-routes',
            'AR Route Recommendations',
            lazyPage(placeholders, (m) => m.ArRoutesPage),
          ),
          page(
            'wellbeing',
            'Wellbeing Hub',
            lazyPage(placeholders, (m) => m.WellbeingPage),
          ),
          page(
            'social',
            'Social Dashboard',
            lazyPage(placeholders, (m) => m.SocialPage),
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
            lazyPage(placeholders, (m) => m.EventsPage),
          ),
          page(
            'events/create',
            'Create Event',
            lazyPage(placeholders, (m) => m.CreateEventPage),
          ),
          page(
            'events/:id',
            'Event',
            lazyPage(placeholders, (m) => m.EventDetailPage),
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
            'Sign In',
            lazyPage(
              () => import('@web/features/auth/pages/login-route'),
              (m) => m.LoginRoute,
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
    ],
  },
];
