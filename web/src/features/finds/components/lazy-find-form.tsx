/**
 * The find form, loaded when a dialog first shows it: the form, its photo and recording-details fields and
 * react-hook-form are most of the finds pages' code, and a visit that only looks at finds never needs them
 * (the first load's budget, docs/testing.md "Bundle"). The module is fetched once and then cached, offline
 * too (the service worker precaches every chunk).
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '@web/components/ui/spinner';
import type { FindForm } from './find-form';

const LoadedFindForm = lazy(() => import('./find-form').then((m) => ({ default: m.FindForm })));

export function LazyFindForm(props: ComponentProps<typeof FindForm>) {
  return (
    <Suspense
      fallback={
        <div className="flex min-h-40 items-center justify-center">
          <Spinner label="Loading the form…" />
        </div>
      }
    >
      <LoadedFindForm {...props} />
    </Suspense>
  );
}
