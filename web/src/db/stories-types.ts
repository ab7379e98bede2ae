/**
 * Row types of the stories tables (database.ts version 8). Stories and their comments are keyed by `uid`
 * like every record a member can write offline (docs/sync.md "Record identity"); the server's numeric `id`
 * is null until the create is acknowledged. The member's own like is keyed by the story's uid.
 */
import type { Story, StoryComment, StoryLike } from '@schema/contracts/stories';
import type { ModeratorMark } from './entity-fields';

/** A story as stored: the wire shape, its id null until the server has it. */
export type LocalStory = Omit<Story, 'id'> & { id: number | null } & ModeratorMark;

export type LocalStoryComment = Omit<StoryComment, 'id' | 'storyId'> &
  ModeratorMark & {
    id: number | null;
    storyId: number | null;
  };

/** The member's own like, keyed by the story's uid (one per member and story). */
export type LocalStoryLike = Omit<StoryLike, 'storyId'> & { storyId: number | null };
