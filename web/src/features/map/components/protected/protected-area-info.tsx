/**
 * The info window of a protected site tapped on the map (docs/protected-areas.md "On the device"), in the
 * style of a spot's: its name, its kind and its official record number, linked to the official record when
 * the list gives one.
 */
import type { ProtectedArea } from '@schema/contracts/protected-areas';

export type ProtectedAreaDetails = Pick<ProtectedArea, 'name' | 'kind' | 'reference' | 'recordUrl'>;

/** Only a web address is followed (the lists come from publishers, never from members). */
const webAddress = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

export function ProtectedAreaInfo({ area }: { area: ProtectedAreaDetails }) {
  const url = webAddress(area.recordUrl);
  return (
    <div
      className="flex flex-col gap-1.5 p-1 text-sm text-stone-900"
      aria-label={`Protected site: ${area.name}`}
    >
      <h3 className="pr-10 text-base font-semibold">{area.name}</h3>
      <p className="text-stone-600">{area.kind}</p>
      <p>
        Official record:{' '}
        {url ? (
          <a href={url} target="_blank" rel="noopener noreferrer" className="underline">
            {area.reference}
          </a>
        ) : (
          area.reference
        )}
      </p>
    </div>
  );
}
