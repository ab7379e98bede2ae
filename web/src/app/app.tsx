import { createBrowserRouter, RouterProvider } from 'react-router';
import { Toaster } from '@web/components/ui/toast';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { useAuthBootstrap } from '@web/features/auth';
import { UpdatePrompt } from '@web/features/pwa/update-prompt';
import { useBackgroundSync } from '@web/sync';
import { routes } from './routes';
import { ThemeProvider } from './theme/theme-provider';

const router = createBrowserRouter(routes);

/** The app root: session check, global providers, router, and the app-wide overlays. */
export function App() {
  useAuthBootstrap();
  // Offline-first data: push the outbox and pull changes on start-up, online, visible, every 30 s, after writes.
  useBackgroundSync();
  return (
    <ThemeProvider>
      <TooltipProvider>
        <RouterProvider router={router} />
        <Toaster />
        <UpdatePrompt />
      </TooltipProvider>
    </ThemeProvider>
  );
}
