import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { Toaster } from '@web/components/ui/toast';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { useAuthBootstrap } from '@web/features/auth';
import { useIdleAfterFirstPage } from '@web/lib/idle';
import { AppRoutes } from './routes';
import { ThemeProvider } from './theme/theme-provider';

// Outside the first download (the budget of `npm run check:bundle`), and after the first page: the sync
// engine (its first pull writes to Dexie and re-renders lists) and the service worker start once that page
// has been shown and the browser is idle; until then screens show what Dexie already holds.
const BackgroundSync = lazy(() => import('./background-sync').then((m) => ({ default: m.BackgroundSync })));
const UpdatePrompt = lazy(() =>
  import('@web/features/pwa/update-prompt').then((m) => ({ default: m.UpdatePrompt })),
);

/** The app root: session check, global providers, router, and the app-wide overlays. */
export function App() {
  useAuthBootstrap();
  const idle = useIdleAfterFirstPage();
  return (
    <ThemeProvider>
      <TooltipProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <Toaster />
        <Suspense fallback={null}>{idle ? <BackgroundSync /> : null}</Suspense>
        <Suspense fallback={null}>{idle ? <UpdatePrompt /> : null}</Suspense>
      </TooltipProvider>
    </ThemeProvider>
  );
}
