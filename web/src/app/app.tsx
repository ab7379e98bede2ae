import { lazy, Suspense, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { Toaster } from '@web/components/ui/toast';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { useAuthBootstrap } from '@web/features/auth';
import { useIdleAfterFirstPage } from '@web/lib/idle';
import { AppRoutes } from './routes';
import { ThemeProvider } from './theme/theme-provider';

// Outside the first download (the budget of `npm run check:bundle`), and after the first page: the sync
// engine (its first pull writes to Dexie and re-renders lists) and the service worker start once that page
// has been shown and the browser is idle; until then screens show what Dexie already holds. The one
// exception: the engine on a first visit to a content page (firstVisitToContent).
const BackgroundSync = lazy(() => import('./background-sync').then((m) => ({ default: m.BackgroundSync })));
const UpdatePrompt = lazy(() =>
  import('@web/features/pwa/update-prompt').then((m) => ({ default: m.UpdatePrompt })),
);

/**
 * A first visit (no service worker answered this page) straight to a content page has nothing on the device
 * to show: its records come with the first pull, so the engine starts with the app instead of after the
 * first page and an idle moment (docs/architecture.md "First paint"). `/` shows its own static hero first.
 */
function firstVisitToContent(): boolean {
  return (
    typeof navigator !== 'undefined' && !navigator.serviceWorker?.controller && location.pathname !== '/'
  );
}

/** The app root: session check, global providers, router, and the app-wide overlays. */
export function App() {
  useAuthBootstrap();
  const idle = useIdleAfterFirstPage();
  const [syncAtOnce] = useState(firstVisitToContent);
  return (
    <ThemeProvider>
      <TooltipProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <Toaster />
        <Suspense fallback={null}>{idle || syncAtOnce ? <BackgroundSync /> : null}</Suspense>
        <Suspense fallback={null}>{idle ? <UpdatePrompt /> : null}</Suspense>
      </TooltipProvider>
    </ThemeProvider>
  );
}
