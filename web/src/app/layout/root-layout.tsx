import { Outlet, useNavigation } from 'react-router';
import { AuthDialogs } from '@web/features/auth';
import { CanonicalLink, DocumentTitle, ScrollToTop } from './route-effects';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The frame around every route (spec 1 §2): header + nav, the page, footer. */
export function RootLayout() {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-lime-800 px-4 py-3 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {/* A thin bar while a lazy page chunk loads, so a slow field connection doesn't look frozen. */}
      <div
        aria-hidden="true"
        className={`fixed inset-x-0 top-0 z-50 h-1 origin-left bg-amber-500 transition-transform duration-500 ${loading ? 'scale-x-75' : 'scale-x-0'}`}
      />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none" aria-busy={loading || undefined}>
        <Outlet />
      </main>
      <SiteFooter />
      <AuthDialogs />
      <ScrollToTop />
      <CanonicalLink />
      <DocumentTitle />
    </div>
  );
}
