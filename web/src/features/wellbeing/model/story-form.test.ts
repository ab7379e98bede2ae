import { describe, expect, it } from 'vitest';
import { storyMessages } from '@schema/contracts/stories';
import { changesOf, formValuesOf, readStoryForm } from './story-form';

const content = 'Out on the stubble at dawn, nothing but larks and my detector.';

describe('Share Your Story form', () => {
  it('reads the two fields with the contract’s messages', () => {
    expect(readStoryForm({ content: 'Too short', yearsDetecting: '' })).toEqual({
      ok: false,
      errors: { content: storyMessages.contentTooShort, yearsDetecting: undefined },
    });
    expect(readStoryForm({ content, yearsDetecting: '-1' })).toEqual({
      ok: false,
      errors: { content: undefined, yearsDetecting: storyMessages.yearsTooLow },
    });
    expect(readStoryForm({ content: `  ${content}\n`, yearsDetecting: '' })).toEqual({
      ok: true,
      value: { content, yearsDetecting: null },
    });
    expect(readStoryForm({ content, yearsDetecting: '0' })).toEqual({
      ok: true,
      value: { content, yearsDetecting: 0 },
    });
  });

  it('an edit starts from the story and sends only what changed', () => {
    const story = { content, yearsDetecting: 3 };
    expect(formValuesOf(story)).toEqual({ content, yearsDetecting: '3' });
    expect(formValuesOf({ content, yearsDetecting: null })).toEqual({ content, yearsDetecting: '' });
    expect(changesOf(story, { content, yearsDetecting: 3 })).toEqual({});
    expect(changesOf(story, { content, yearsDetecting: null })).toEqual({ yearsDetecting: null });
    expect(changesOf({ content }, { content: `${content}!`, yearsDetecting: null })).toEqual({
      content: `${content}!`,
    });
  });
});
