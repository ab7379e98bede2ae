import { createBrowserRouter, RouterProvider } from 'react-router';
import { Toaster } from '@web/components/ui/toast';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { useAuthBootstrap } from '@web/features/auth';
import { UpdatePrompt } from '@web/features/pwa/update-prompt';
import { routes } from './routes';
import { ThemeProvider } from './theme/theme-provider';

const router = createBrowserRouter(routes);

/** The app root: session check, global providers, router, and the app-wide overlays. */
export function App() {
  useAuthBootstrap();
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
