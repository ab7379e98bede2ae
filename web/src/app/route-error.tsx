import { AlertTriangle, RefreshCw } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';

/**
 * A page chunk that fails to load usually means we are offline and it was never cached, or a new
 * version was deployed and the old hashed file is gone; either way reloading is the fix.
 */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Loading chunk/i.test(error.message)
  );
}

export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const status = isRouteErrorResponse(error) ? error.status : null;
  if (!chunk) console.error(error);

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <AlertTriangle className="size-12 text-amber-600" aria-hidden="true" />
      <h1 className="text-2xl font-bold">
        {chunk ? "This page couldn't be loaded" : 'Something went wrong'}
      </h1>
      <p className="text-stone-600 dark:text-stone-400">
        {chunk
          ? "You may be offline, or DigQuest has just been updated. Reload when you're back in signal."
          : status
            ? `The page answered with an error (${status}). Please try again.`
            : 'An unexpected error occurred. Your saved finds and drafts are safe on this device.'}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" /> Reload
        </Button>
        <Link to="/" className={buttonClasses('outline')}>
          Go home
        </Link>
      </div>
    </div>
  );
}

/** Shown while the first route's code loads. */
export function AppLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center text-lime-800 dark:text-lime-400">
      <Spinner size="lg" label="Loading DigQuest…" />
    </div>
  );
}
