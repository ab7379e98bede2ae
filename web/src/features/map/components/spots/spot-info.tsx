/**
 * The info window of a spot (docs/map.md "Spots on the map"): its name and type, the description cut to
 * 80 characters, where it is (lat/lng and grid reference), at most 2 of the member's own finds within
 * 1 km, and Edit and Delete for its owner — who also sees whether the permission has expired or expires
 * within 30 days and the permission tools: the boundary, excluded areas and the letter (docs/permissions.md).
 * Another member's shared spot has Report instead (docs/moderation.md "Reports").
 */
import { Link } from 'react-router';
import { ReportButton } from '@web/components/moderation/report-button';
import { Button } from '@web/components/ui/button';
import type { LocalLocation } from '@web/db/locations-types';
import type { NearFind } from '../../model/spots/list';
import { formatDistance } from '../../model/spots/geo';
import { trimDescription } from '../../model/spots/list';
import { permissionExpiry } from '../../model/spots/permission-expiry';
import { BoundaryActions, type DrawStart } from './boundary-actions';
import { SpotPosition } from './spot-position';

export interface SpotInfoProps {
  spot: LocalLocation;
  finds: NearFind[];
  isOwner: boolean;
  /** The signed-in member (null signed out): Report shows on others' spots. */
  viewerId?: number | null;
  onEdit: () => void;
  onDelete: () => void;
  /** Starts drawing the boundary or an excluded area on the map (owner only). */
  onDraw?: ((start: DrawStart) => void) | undefined;
}

export function SpotInfo({ spot, finds, isOwner, viewerId = null, onEdit, onDelete, onDraw }: SpotInfoProps) {
  const description = trimDescription(spot.description);
  const expiry = isOwner ? permissionExpiry(spot.permissionExpires, new Date()) : null;
  return (
    <div className="flex flex-col gap-1.5 p-1 text-sm text-stone-900" aria-label={`Spot: ${spot.name}`}>
      <h3 className="pr-10 text-base font-semibold">{spot.name}</h3>
      <p className="text-stone-600">
        {spot.type}
        {spot.isGroupDig ? ' · Group dig' : ''}
        {spot.hasPermission ? ' · Permission granted' : ''}
      </p>
      {expiry ? (
        <p className={expiry.kind === 'expired' ? 'font-medium text-red-700' : 'font-medium text-amber-800'}>
          {expiry.label}
        </p>
      ) : null}
      {description ? <p>{description}</p> : null}
      <SpotPosition spot={spot} />
      {finds.length > 0 ? (
        <div>
          <p className="font-medium">Your finds nearby</p>
          <ul className="list-disc pl-5">
            {finds.map((f) => (
              <li key={f.uid}>
                <Link to={`/finds/${f.id ?? f.uid}`} className="underline">
                  {f.title}
                </Link>{' '}
                ({formatDistance(f.distanceKm)})
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {isOwner ? (
        <div className="flex gap-2 pt-1">
          <Button size="sm" variant="outline" onClick={onEdit}>
            Edit
          </Button>
          <Button size="sm" variant="destructive" onClick={onDelete}>
            Delete
          </Button>
        </div>
      ) : (
        <ReportButton
          entity="locations"
          id={spot.id}
          authorId={spot.userId}
          viewerId={viewerId}
          className="self-start"
        />
      )}
      {isOwner && onDraw ? <BoundaryActions spot={spot} onDraw={onDraw} /> : null}
    </div>
  );
}
