/**
 * A find's recording details on its page (docs/find-recording.md): what was recorded, in plain words; for
 * the finder also the notes for their FLO and who may see where it was found. The find spot line: the
 * exact position with its grid reference and accuracy for the finder (docs/privacy.md), the public grid
 * square for anyone else when the finder shares one.
 */
import { LocateFixed, MapPin } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { LocalFind } from '@web/db/database';
import { accuracyWords, FINDSPOT_PRECISION_LABELS, recordingSummary } from '../model/recording-details-words';

export function RecordingDetailsView({ find, isOwner }: { find: LocalFind; isOwner: boolean }) {
  const summary = recordingSummary(find);
  const notes = isOwner ? find.floNotes : null;
  const precision =
    isOwner && find.findspotPrecision ? FINDSPOT_PRECISION_LABELS[find.findspotPrecision] : null;
  if (!summary && !find.pasRecordId && !notes && !precision) return null;
  return (
    <section
      aria-labelledby={`recording-${find.uid}`}
      className="flex flex-col gap-2 rounded-xl border border-stone-200 p-4 dark:border-stone-700"
    >
      <h2 id={`recording-${find.uid}`} className="text-lg font-semibold">
        Recording details
      </h2>
      {summary ? <p className="break-words">{summary}</p> : null}
      {/* Label above value on a phone, side by side from `sm`: the long labels leave no room beside them. */}
      <dl className="grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {find.pasRecordId ? (
          <>
            <dt className="font-medium">PAS record ID</dt>
            <dd className="mb-2 sm:mb-0">{find.pasRecordId}</dd>
          </>
        ) : null}
        {precision ? (
          <>
            <dt className="font-medium">Who may see where it was found</dt>
            <dd className="mb-2 sm:mb-0">{precision}</dd>
          </>
        ) : null}
        {notes ? (
          <>
            <dt className="font-medium">Notes for the FLO</dt>
            <dd className="whitespace-pre-wrap break-words">{notes}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/**
 * The grid reference of a position, once the grid code has loaded: it carries the datum transforms (about
 * 8 KB), which only the finder's own find spot needs, so it stays out of the finds pages' first load.
 */
function useGridRef(latitude: number, longitude: number): string | null {
  const [gridRef, setGridRef] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('@schema/contracts/grid/coordinates').then(({ toGridRef }) => {
      if (current) setGridRef(toGridRef({ latitude, longitude }));
    });
    return () => {
      current = false;
    };
  }, [latitude, longitude]);
  return gridRef;
}

function OwnFindSpot({
  find,
  latitude,
  longitude,
}: {
  find: LocalFind;
  latitude: number;
  longitude: number;
}) {
  const gridRef = useGridRef(latitude, longitude);
  const accuracy = typeof find.positionAccuracyM === 'number' ? accuracyWords(find.positionAccuracyM) : null;
  return (
    <p className="flex flex-wrap items-center gap-2 rounded-lg bg-lime-50 p-3 text-lime-950 dark:bg-lime-950/40 dark:text-lime-100">
      <LocateFixed className="size-4" aria-hidden="true" />
      Find spot: {latitude.toFixed(6)}, {longitude.toFixed(6)}
      {gridRef ? ` · ${gridRef}` : ''}
      {accuracy ? ` ${accuracy}` : ''} <span className="text-sm opacity-80">(only you can see this)</span>
    </p>
  );
}

/** The find spot: the exact one for its finder, else the grid square the finder chose to share (if any). */
export function FindSpotLine({ find, isOwner }: { find: LocalFind; isOwner: boolean }) {
  if (isOwner && find.latitude !== undefined && find.longitude !== undefined)
    return <OwnFindSpot find={find} latitude={find.latitude} longitude={find.longitude} />;
  if (!isOwner && find.publicGridRef) {
    const size = find.findspotPrecision === '6' ? '100 m square' : '1 km square';
    return (
      <p className="flex flex-wrap items-center gap-2 text-stone-700 dark:text-stone-300">
        <MapPin className="size-4" aria-hidden="true" />
        Found in grid square {find.publicGridRef} ({size})
      </p>
    );
  }
  return null;
}
