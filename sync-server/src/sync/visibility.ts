/**
 * Who may see what (DESIGN.md §4 "Visibility", §5). Every row the server sends — REST answer or pull
 * change — is shaped through these rules for the caller, so the two paths can never disagree.
 */
import { OFFICIAL_USER_ID } from '@schema/contracts/constants';
import type { Viewer } from './registry';

export function isOwner(viewer: Viewer, ownerId: number): boolean {
  return viewer !== null && viewer.id === ownerId;
}

/** The official account (id 1) moderates: it may remove any member's find. */
export function isModerator(viewer: Viewer): boolean {
  return viewer !== null && viewer.id === OFFICIAL_USER_ID;
}

/**
 * Exact find spots are the finder's alone (nighthawking). Everyone else gets no coordinate fields at all
 * — not null, not rounded — so a client cannot tell "hidden" from "never recorded" either.
 */
export function ownerOnlyCoordinates(
  viewer: Viewer,
  ownerId: number,
  latitude: string | null,
  longitude: string | null,
): { latitude: number; longitude: number } | Record<string, never> {
  if (!isOwner(viewer, ownerId) || latitude === null || longitude === null) return {};
  const lat = Number(latitude);
  const lng = Number(longitude);
  return Number.isFinite(lat) && Number.isFinite(lng) ? { latitude: lat, longitude: lng } : {};
}
