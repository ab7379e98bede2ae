import { Spinner } from '@web/components/ui/spinner';

/** The map's place while its style or its code loads: the sea's colour, so nothing jumps when it draws. */
export function MapLoading() {
  return (
    <div className="flex h-full items-center justify-center bg-sky-100 dark:bg-stone-800">
      <Spinner label="Loading the map" size="lg" />
    </div>
  );
}
