/**
 * Who may see what (docs/privacy.md; PROTOCOL.md S16). Every row the server sends — REST answer or pull
 * change — is shaped through these rules for the caller, so the two paths can never disagree.
 */
import type { Context } from 'hono';
import { OFFICIAL_USER_ID } from '@schema/contracts/constants';
import { memberShownTo, usernameShownTo } from '@schema/contracts/users';
import type { AppEnv } from '../env';
import type { Viewer } from './registry';

/** The caller of a REST request as visibility sees them: the session's member, or null. */
export function viewerOf(c: Context<AppEnv>): Viewer {
  const user = c.get('user');
  return user ? { id: user.id } : null;
}

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

/**
 * A member's name as the viewer may see it (docs/privacy.md "E-mail addresses"): a name that looks like an
 * e-mail address is the member's own to read in full; everyone else — signed in or not — gets it masked.
 * Every shape function that writes an author, organiser, commenter or member name goes through this (or
 * memberFor), on REST and pull alike.
 */
export function nameFor(viewer: Viewer, memberId: number, username: string): string {
  return usernameShownTo({ id: memberId, username }, viewer?.id);
}

/** nameFor with the member's picture: a generated avatar follows the name shown, not the name hidden. */
export function memberFor(
  viewer: Viewer,
  member: { id: number; username: string; avatarUrl: string | null },
): { username: string; avatarUrl: string } {
  return memberShownTo(member, viewer?.id);
}
