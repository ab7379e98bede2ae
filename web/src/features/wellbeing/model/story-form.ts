/**
 * Share Your Story's form (docs/product/stories.md "Rules and messages"): the contract's rules and
 * messages, read from the dialog's two fields. An edit sends only what changed (S17).
 */
import { storyCreateSchema, type StoryCreateInput, type StoryUpdateInput } from '@schema/contracts/stories';
import { issuesToFields } from '@schema/contracts/validation';

export interface StoryFormValues {
  content: string;
  /** The number field's text: '' when not said. */
  yearsDetecting: string;
}

export const EMPTY_STORY_FORM: StoryFormValues = { content: '', yearsDetecting: '' };

export type FormResult<T> =
  { ok: true; value: T } | { ok: false; errors: Partial<Record<keyof StoryFormValues, string>> };

export function readStoryForm(values: StoryFormValues): FormResult<StoryCreateInput> {
  const parsed = storyCreateSchema.safeParse(values);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields = issuesToFields(parsed.error.issues);
  return { ok: false, errors: { content: fields.content, yearsDetecting: fields.yearsDetecting } };
}

export function formValuesOf(story: { content: string; yearsDetecting?: number | null }): StoryFormValues {
  return {
    content: story.content,
    yearsDetecting: story.yearsDetecting == null ? '' : String(story.yearsDetecting),
  };
}

/** The fields that differ from the story as stored (an empty object: nothing to send). */
export function changesOf(
  story: { content: string; yearsDetecting?: number | null },
  input: StoryCreateInput,
): StoryUpdateInput {
  const changes: StoryUpdateInput = {};
  if (input.content !== story.content) changes.content = input.content;
  if (input.yearsDetecting !== (story.yearsDetecting ?? null)) changes.yearsDetecting = input.yearsDetecting;
  return changes;
}
