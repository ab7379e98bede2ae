/**
 * The Add New Spot / Edit panel under the map (docs/map.md "Spots on the map"). It is a panel, not a modal,
 * so the member can still tap the map to place the spot. Saving is a local write (hooks/spot-writes.ts):
 * the spot shows at once, offline too, and syncs later.
 */
import { useEffect, useRef } from 'react';
import { locationMessages as m } from '@schema/contracts/locations-constants';
import type { SelfUser } from '@schema/contracts/users';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { toast } from '@web/components/ui/toast-store';
import type { LocalLocation } from '@web/db/locations-types';
import { StorageFullError } from '@web/sync';
import { createSpot, updateSpot } from '../../hooks/spot-writes';
import type { LatLng } from '@schema/contracts/grid/coordinates';
import { EMPTY_SPOT_FORM, readCreateSpot, readEditSpot, spotFormValues } from '../../model/spots/form';
import { SpotForm } from './spot-form';

export type EditorState = { mode: 'create' } | { mode: 'edit'; spot: LocalLocation };

export interface SpotEditorProps {
  state: EditorState;
  user: SelfUser;
  position: LatLng | null;
  onPosition: (position: LatLng) => void;
  onDone: (savedUid: string | null) => void;
}

const failed = (title: string, err: unknown) =>
  toast({
    title,
    ...(err instanceof StorageFullError ? { description: err.message } : {}),
    variant: 'destructive',
  });

export function SpotEditor({ state, user, position, onPosition, onDone }: SpotEditorProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const title = state.mode === 'create' ? 'Add New Spot' : `Edit ${state.spot.name}`;
  return (
    <Card>
      <CardHeader>
        <h2 ref={heading} tabIndex={-1} className="text-lg leading-snug font-semibold outline-none">
          {title}
        </h2>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          Tap the map to place the spot, or use the options below.
        </p>
      </CardHeader>
      <CardContent>
        {state.mode === 'create' ? (
          <SpotForm
            initial={EMPTY_SPOT_FORM}
            position={position}
            onPosition={onPosition}
            read={readCreateSpot}
            submitLabel="Save Spot"
            onCancel={() => onDone(null)}
            onSubmit={async (input) => {
              try {
                const uid = await createSpot(user, input);
                toast({ title: m.addedTitle, description: m.added });
                onDone(uid);
              } catch (err) {
                failed(m.addFailed, err);
              }
            }}
          />
        ) : (
          <SpotForm
            initial={spotFormValues(state.spot)}
            position={position}
            onPosition={onPosition}
            read={(values, p) => readEditSpot(values, p, state.spot)}
            submitLabel="Save Changes"
            onCancel={() => onDone(null)}
            onSubmit={async (changes) => {
              try {
                await updateSpot(user, state.spot, changes);
                toast({ title: m.updatedTitle });
                onDone(state.spot.uid);
              } catch (err) {
                failed(m.updateFailed, err);
              }
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}
