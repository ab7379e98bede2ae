/**
 * The owner's permission tools in a spot's details (docs/permissions.md): Draw boundary, or Edit boundary
 * and Delete boundary once there is one, Add excluded area inside it, and Print permission letter. Deleting
 * the boundary deletes its excluded areas too (they cannot stand without it), through the spot's usual
 * update: a local write, offline too.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses, Button } from '@web/components/ui/button';
import { ConfirmDeleteDialog } from '@web/components/ui/confirm-delete-dialog';
import { toast } from '@web/components/ui/toast-store';
import { useCurrentUser } from '@web/db/current-user';
import type { LocalLocation } from '@web/db/locations-types';
import { updateSpot } from '../../hooks/spot-writes';
import { withoutBoundary } from '../../model/spots/boundary';

/** What a drawing session starts with. */
export type DrawStart = 'boundary' | 'exclusion' | 'edit';

export const BOUNDARY_TEXTS = {
  draw: 'Draw boundary',
  edit: 'Edit boundary',
  remove: 'Delete boundary',
  addExclusion: 'Add excluded area',
  letter: 'Print permission letter',
  removeTitle: 'Delete the boundary?',
  removeOnly: 'The boundary drawn for this permission will be deleted.',
  removeWithAreas: (n: number) =>
    `The boundary drawn for this permission and its ${n === 1 ? 'excluded area' : `${n} excluded areas`} will be deleted.`,
  removed: 'Boundary deleted',
  removeFailed: 'Could not delete the boundary. Please try again.',
} as const;
const t = BOUNDARY_TEXTS;

/** `/map/spots/{id or uid}/letter`. */
export const letterPath = (spot: Pick<LocalLocation, 'id' | 'uid'>) =>
  `/map/spots/${spot.id ?? spot.uid}/letter`;

export function BoundaryActions({
  spot,
  onDraw,
}: {
  spot: LocalLocation;
  onDraw: (start: DrawStart) => void;
}) {
  const { user } = useCurrentUser();
  const [confirming, setConfirming] = useState(false);
  const areas = spot.permissionExclusions?.coordinates.length ?? 0;
  return (
    <div className="flex flex-wrap gap-2 pt-1">
      {spot.permissionBoundary ? (
        <>
          <Button size="sm" variant="outline" onClick={() => onDraw('edit')}>
            {t.edit}
          </Button>
          <Button size="sm" variant="outline" onClick={() => onDraw('exclusion')}>
            {t.addExclusion}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
            {t.remove}
          </Button>
        </>
      ) : (
        <Button size="sm" variant="outline" onClick={() => onDraw('boundary')}>
          {t.draw}
        </Button>
      )}
      <Link to={letterPath(spot)} className={buttonClasses('outline', 'sm')}>
        {t.letter}
      </Link>
      <ConfirmDeleteDialog
        open={confirming}
        title={t.removeTitle}
        description={areas > 0 ? t.removeWithAreas(areas) : t.removeOnly}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          if (!user) return;
          try {
            await updateSpot(user, spot, withoutBoundary(spot));
            toast({ title: t.removed });
            setConfirming(false);
          } catch {
            toast({ title: t.removeFailed, variant: 'destructive' });
          }
        }}
      />
    </div>
  );
}
