/**
 * The finds' synced entities (docs/product/finds.md; PROTOCOL.md payload table): finds, their comments
 * and the member's own likes.
 */
import type { LocalFind, LocalFindComment, LocalFindLike } from '../sync-types';
import { defineEntity, quoted, verbFor } from '../entity-descriptor';
import { hasShape, photoNamedIn, text } from '../entity-fields';
import { engagementEntities } from './engagement';

const isLocalFind = hasShape<LocalFind>({
  uid: 'string',
  userId: 'number',
  title: 'string',
  location: 'string',
});
const isPulledFind = hasShape<LocalFind>({ id: 'number', created_at: 'string', imageUrl: 'string' });

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
  fold: {
    title: 'text',
    description: 'text-or-empty',
    location: 'text',
    period: 'text',
    latitude: 'number-or-absent',
    longitude: 'number-or-absent',
    imageSha256: 'text',
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
  // Exact coordinates are the finder's alone (S16): another viewer's device must not keep them.
  forgetOnViewerChange: (finds, viewerId) =>
    finds
      .filter((f) => f.latitude !== undefined && f.userId !== viewerId)
      .modify((f) => {
        delete f.latitude;
        delete f.longitude;
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
