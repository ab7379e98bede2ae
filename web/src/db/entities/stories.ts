/**
 * The stories' synced entities (docs/product/stories.md; PROTOCOL.md entities table): stories, their
 * comments and the member's own likes, the last two made with the same engagement factory as finds',
 * posts' and events'. Stories are public; every device holds the newest (`recent:stories`) and all of its
 * member's own.
 */
import type { LocalStory, LocalStoryComment, LocalStoryLike } from '../stories-types';
import { defineEntity, quoted, verbFor } from '../entity-descriptor';
import { hasShape, numberOrNull, text } from '../entity-fields';
import { engagementEntities } from './engagement';

const isLocalStory = hasShape<LocalStory>({
  uid: 'string',
  userId: 'number',
  content: 'string',
  likeCount: 'number',
  commentCount: 'number',
});

/** The first words of a story, for the Not synced panel. */
const opening = (content: string | undefined) =>
  content === undefined ? undefined : content.length > 40 ? `${content.slice(0, 40)}…` : content;

export const storiesEntity = defineEntity<LocalStory, 'stories'>({
  entity: 'stories',
  label: 'Stories',
  scope: {
    kind: 'owned',
    window: 'recent:stories',
    counts: { entity: 'story_counts', fields: ['likeCount', 'commentCount'] },
    rest: { record: (ref) => `/api/stories/${encodeURIComponent(ref)}`, list: '/api/stories' },
  },
  is: isLocalStory,
  // Years may be cleared (null): 'number-or-absent' removes the field, which reads as not said.
  fold: { content: 'text', yearsDetecting: 'number-or-absent' },
  fromServer(data) {
    if (!(isLocalStory(data) && typeof data.id === 'number')) return null;
    return {
      id: data.id,
      uid: data.uid,
      userId: data.userId,
      username: text(data.username) ?? '',
      avatarUrl: text(data.avatarUrl) ?? '',
      content: data.content,
      yearsDetecting: numberOrNull(data.yearsDetecting),
      likeCount: data.likeCount,
      commentCount: data.commentCount,
      created_at: text(data.created_at) ?? '',
    } satisfies LocalStory;
  },
  describe(m, known) {
    const verb = verbFor(m, ['New story', 'Changes to story', 'Deleting story']);
    return {
      label: `${verb}${quoted(opening(text(m.payload.content) ?? known?.content))}`,
      editHref: m.op === 'delete' ? null : `/wellbeing/stories/${m.uid}`,
    };
  },
});

/** Comments and likes under a story (web/src/db/entities/engagement.ts). */
const engaged = engagementEntities<LocalStoryComment, LocalStoryLike>()({
  parent: {
    entity: 'stories',
    key: 'storyUid',
    idKey: 'storyId',
    href: (uid) => `/wellbeing/stories/${uid}`,
  },
  comments: {
    entity: 'story_comments',
    verbs: ['Comment', 'Edited comment', 'Deleting comment'],
    label: 'Comments on stories',
  },
  likes: {
    entity: 'story_likes',
    labels: ['Liking a story', 'Unliking a story'],
    label: 'Your story likes',
  },
});
export const storyCommentsEntity = engaged.comments;
export const storyLikesEntity = engaged.likes;
