/**
 * The finds' synced entities (docs/product/finds.md; PROTOCOL.md payload table): finds, their comments
 * and the member's own likes.
 */
import { OWNER_ONLY_RECORDING_FIELDS } from '@schema/contracts/find-recording-constants';
import { isValidIsoDate, treasureDeadline } from '@schema/contracts/treasure-dates';
import type { LocalFind, LocalFindComment, LocalFindLike } from '../sync-types';
import { defineEntity, quoted, verbFor } from '../entity-descriptor';
import { hasShape, overlay, photoNamedIn, text, type Overlay } from '../entity-fields';
import { engagementEntities } from './engagement';

const isLocalFind = hasShape<LocalFind>({
  uid: 'string',
  userId: 'number',
  title: 'string',
  location: 'string',
});
const isPulledFind = hasShape<LocalFind>({ id: 'number', created_at: 'string', imageUrl: 'string' });

/** What a find's update may carry (cleared numbers read as not said, like a story's years). */
const FIND_FIELDS: Overlay<LocalFind> = {
  title: 'text',
  description: 'text-or-empty',
  location: 'text',
  period: 'text',
  latitude: 'number-or-absent',
  longitude: 'number-or-absent',
  imageSha256: 'text',
  // The recording details (docs/find-recording.md).
  objectType: 'text-or-null',
  quantity: 'number',
  primaryMaterial: 'text-or-null',
  secondaryMaterial: 'text-or-null',
  weightGrams: 'number-or-absent',
  lengthMm: 'number-or-absent',
  widthMm: 'number-or-absent',
  thicknessMm: 'number-or-absent',
  diameterMm: 'number-or-absent',
  completeness: 'text-or-null',
  dateFromYear: 'number-or-absent',
  dateToYear: 'number-or-absent',
  discoveryMethod: 'text',
  depthBand: 'text-or-null',
  landUse: 'text-or-null',
  foundOn: 'text',
  positionAccuracyM: 'number-or-absent',
  positionSource: 'text-or-null',
  pasRecordId: 'text-or-null',
  floNotes: 'text-or-null',
  findspotPrecision: 'text',
  treasureStatus: 'text',
  treasureRealisedOn: 'text-or-null',
  treasureReportedOn: 'text-or-null',
  treasureReportedTo: 'text-or-null',
  treasureReference: 'text-or-null',
};

/**
 * The Treasure deadline as the server computes it (find-recording.ts FindRecordingOwnerOnly), so a find
 * marked possible offline shows its deadline at once; the server's value replaces it on the next pull.
 */
export function withTreasureDeadline(find: LocalFind): LocalFind {
  if (find.treasureStatus === undefined) return find;
  const counts = find.treasureStatus === 'possible' || find.treasureStatus === 'reported';
  const deadline =
    counts && isValidIsoDate(find.foundOn)
      ? treasureDeadline(
          find.foundOn,
          isValidIsoDate(find.treasureRealisedOn) ? find.treasureRealisedOn : null,
        )
      : null;
  return { ...find, treasureDeadline: deadline };
}

export const findsEntity = defineEntity<LocalFind, 'finds'>({
  entity: 'finds',
  label: 'Finds',
  scope: {
    kind: 'owned',
    window: 'recent:finds',
    counts: { entity: 'find_counts', fields: ['likes', 'commentCount'] },
    rest: { record: (ref) => `/api/finds/${encodeURIComponent(ref)}`, list: '/api/finds' },
  },
  is: isLocalFind,
  fold: (base, m) => {
    if (!base) return m.op === 'create' && isLocalFind(m.record) ? m.record : null;
    const next = overlay(base, m.payload, FIND_FIELDS);
    return isLocalFind(next) ? withTreasureDeadline(next) : base;
  },
  fromServer: (data) => (isLocalFind(data) && isPulledFind(data) ? { ...data } : null),
  describe(m, known) {
    const verb = verbFor(m, ['New find', 'Changes to find', 'Deleting find']);
    return {
      label: `${verb}${quoted(text(m.payload.title) ?? known?.title)}`,
      editHref: m.op === 'delete' ? null : `/finds/${m.uid}?edit=1`,
    };
  },
  blobRefs: photoNamedIn,
  // Exact coordinates and the owner-only recording details are the finder's alone (S16), and the public
  // grid square is the viewer's: another viewer's device must not keep them.
  forgetOnViewerChange: (finds, viewerId) =>
    finds
      .filter(
        (f) =>
          f.userId !== viewerId &&
          (f.latitude !== undefined ||
            f.publicLatitude !== undefined ||
            OWNER_ONLY_RECORDING_FIELDS.some((key) => f[key] !== undefined)),
      )
      .modify((f) => {
        delete f.latitude;
        delete f.longitude;
        for (const key of OWNER_ONLY_RECORDING_FIELDS) delete f[key];
        // The grid square shown depends on who looks (a member may see 100 m, a visitor 1 km): the next
        // pull brings the one the new viewer may see.
        delete f.publicGridRef;
        delete f.publicLatitude;
        delete f.publicLongitude;
      }),
});

/** Comments and likes under a find (web/src/db/entities/engagement.ts). */
const engaged = engagementEntities<LocalFindComment, LocalFindLike>()({
  parent: { entity: 'finds', key: 'findUid', idKey: 'findId', href: (uid) => `/finds/${uid}` },
  comments: {
    entity: 'find_comments',
    verbs: ['Comment', 'Edited comment', 'Deleting comment'],
    label: 'Comments on finds',
  },
  likes: { entity: 'find_likes', labels: ['Like on a find', 'Removing a like'], label: 'Your likes' },
});
export const findCommentsEntity = engaged.comments;
export const findLikesEntity = engaged.likes;
