/**
 * The `panel` slot's content (docs/map.md "Where spots plug in"): the Add New Spot / Edit form while one is
 * open, and the list of spots in view or nearby; `onSummary` tells the shell what the phone's sheet peeks
 * with ("Spots in view (7)"). It also follows links to a spot — `/map?spot={id or uid}` centres on it and
 * opens its info window, `&edit=1` (the Not synced panel's Edit) opens its form.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { locationMessages as m } from '@schema/contracts/locations-constants';
import type { SelfUser } from '@schema/contracts/users';
import type { LocalLocation } from '@web/db/locations-types';
import { useOpenRecord, usePendingRecords, type Live } from '@web/sync';
import { useMapShell } from '../map-shell-context';
import { useSpot } from '../../hooks/use-spots';
import { useNearbyFromServer, useSpotOrigin } from '../../hooks/use-spot-view';
import type { LatLng } from '@schema/contracts/grid/coordinates';
import { listSpots, type SpotFilters } from '../../model/spots/list';
import { SpotEditor, type EditorState } from './spot-editor';
import { SpotList } from './spot-list';
import { formatCount } from '@web/lib/numbers';

export interface SpotsPanelProps {
  spots: Live<LocalLocation[]>;
  filters: SpotFilters;
  user: SelfUser | null;
  editor: EditorState | null;
  draft: LatLng | null;
  onDraft: (position: LatLng) => void;
  onEditorDone: (savedUid: string | null) => void;
  onSelect: (uid: string) => void;
  onEdit: (spot: LocalLocation) => void;
  onDelete: (spot: LocalLocation) => void;
  /** What the panel holds, for the sheet's peek on phones. */
  onSummary?: (summary: string) => void;
}

export const NEARBY_NOTES = {
  off: null,
  idle: null,
  loading: 'Looking for shared spots nearby on the server…',
  error: 'Shared spots nearby could not be read from the server; the list shows the spots on this device.',
} as const;

export const SPOT_LINK_MISSING = 'It may have been deleted or made private by its owner.';
export const SPOT_LINK_OFFLINE = 'This spot is not on this device yet. Connect to the internet to open it.';

/**
 * Follows `?spot=`: the spot is opened like any linked record (read from the server when the device does
 * not hold it, and pinned; docs/sync.md), then the map centres on it and its info window opens.
 */
function SpotLink({
  param,
  onSelect,
  onEdit,
  viewerId,
}: {
  param: string;
  onSelect: (uid: string) => void;
  onEdit: (spot: LocalLocation) => void;
  viewerId: number | null;
}) {
  const [params] = useSearchParams();
  const opening = useOpenRecord('locations', param);
  const linked = useSpot(param);
  const { flyTo } = useMapShell();
  const followed = useRef<string | null>(null);
  useEffect(() => {
    if (linked.state !== 'ready' || !linked.value || followed.current === param) return;
    followed.current = param;
    const spot = linked.value;
    flyTo(spot);
    onSelect(spot.uid);
    if (params.get('edit') === '1' && spot.userId === viewerId) onEdit(spot);
  }, [linked, param, params, flyTo, onSelect, onEdit, viewerId]);
  if (opening !== 'missing' && opening !== 'unreachable') return null;
  return (
    <p
      role="status"
      className="rounded-lg bg-stone-100 p-3 text-stone-700 dark:bg-stone-800 dark:text-stone-300"
    >
      <strong>{m.notFound}.</strong> {opening === 'missing' ? SPOT_LINK_MISSING : SPOT_LINK_OFFLINE}
    </p>
  );
}

export function SpotsPanel(props: SpotsPanelProps) {
  const {
    spots,
    filters,
    user,
    editor,
    draft,
    onDraft,
    onEditorDone,
    onSelect,
    onEdit,
    onDelete,
    onSummary,
  } = props;
  const viewerId = user?.id ?? null;
  const { view, flyTo, setPanelOpen } = useMapShell();
  const origin = useSpotOrigin();
  const pending = usePendingRecords('locations');
  const nearbyStatus = useNearbyFromServer(filters);
  const [params] = useSearchParams();
  const linkedParam = params.get('spot');
  const now = useMemo(() => new Date(), []);

  const listed = useMemo((): Live<ReturnType<typeof listSpots>> => {
    if (spots.state !== 'ready') return spots;
    return { state: 'ready', value: listSpots(spots.value, filters, viewerId, origin, view?.bounds ?? null) };
  }, [spots, filters, viewerId, origin, view]);

  const heading = filters.filter === 'nearby' ? 'Nearby spots' : 'Spots in view';
  const summary = editor
    ? editor.mode === 'create'
      ? 'Add New Spot'
      : `Edit ${editor.spot.name}`
    : listed.state === 'ready'
      ? `${heading} (${formatCount(listed.value.length)})`
      : heading;
  useEffect(() => onSummary?.(summary), [summary, onSummary]);

  return (
    <div className="flex flex-col gap-4">
      {linkedParam ? (
        <SpotLink
          key={linkedParam}
          param={linkedParam}
          onSelect={onSelect}
          onEdit={onEdit}
          viewerId={viewerId}
        />
      ) : null}
      {editor && user ? (
        <SpotEditor
          key={editor.mode === 'edit' ? editor.spot.uid : 'new'}
          state={editor}
          user={user}
          position={draft}
          onPosition={(p) => {
            onDraft(p);
            flyTo(p);
          }}
          onDone={onEditorDone}
        />
      ) : null}
      <SpotList
        listed={listed}
        nearby={filters.filter === 'nearby'}
        note={NEARBY_NOTES[nearbyStatus]}
        viewerId={viewerId}
        pending={pending}
        now={now}
        onShow={(spot) => {
          // On a phone the sheet folds so the spot's info window shows; its close button takes the focus.
          setPanelOpen?.(false);
          flyTo(spot);
          onSelect(spot.uid);
        }}
        onEdit={onEdit}
        onDelete={onDelete}
      />
    </div>
  );
}
