import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Component, useLayoutEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@web/components/ui/button';
import { endBootShell } from '@web/lib/boot-shell';

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

export function RouteError({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error);
  // A page that failed under its first look never takes over from the shell: this does.
  useLayoutEffect(() => endBootShell(), []);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <AlertTriangle className="size-12 text-amber-600" aria-hidden="true" />
      <h1 className="text-2xl font-bold">
        {chunk ? "This page couldn't be loaded" : 'Something went wrong'}
      </h1>
      <p className="text-stone-600 dark:text-stone-400">
        {chunk
          ? "You may be offline, or DigQuest has just been updated. Reload when you're back in signal."
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

/**
 * Catches what a page throws while rendering (a failed page download included) and shows RouteError in
 * its place; React reports the error to the console. Keyed by the route, so another page starts clean.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * Shown in the page's place while its code downloads (the first visit to a page; later ones come from
 * the service worker's cache): a thin bar at the top, so a slow field connection doesn't look frozen.
 */
export function PageLoading() {
  return (
    <div className="min-h-dvh" aria-busy="true">
      <div
        aria-hidden="true"
        className="fixed inset-x-0 top-0 z-50 h-1 origin-left animate-pulse bg-amber-500 motion-reduce:animate-none"
      />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
