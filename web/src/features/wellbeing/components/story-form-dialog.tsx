/**
 * Share Your Story, and Edit Story with the same form (docs/product/stories.md "Screens"): the story and
 * the years detecting (optional), checked with the contract's rules as the member submits. Saving is a
 * local write, so it works offline: 'Story Shared', and the story syncs later like a find. A write that
 * fails on the device (its storage full) says so; anything else is the product's failure text.
 */
import { useState, type FormEvent } from 'react';
import { storyMessages } from '@schema/contracts/stories';
import type { SelfUser } from '@schema/contracts/users';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import type { LocalStory } from '@web/db/database';
import { StorageFullError } from '@web/sync';
import { createStory, updateStory } from '../hooks/story-writes';
import {
  changesOf,
  EMPTY_STORY_FORM,
  formValuesOf,
  readStoryForm,
  type StoryFormValues,
} from '../model/story-form';

export interface StoryFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  user: SelfUser;
  /** Editing this story; absent, a new one is shared. */
  story?: LocalStory | undefined;
}

function failed(title: string, err: unknown) {
  toast({
    title,
    ...(err instanceof StorageFullError ? { description: err.message } : {}),
    variant: 'destructive',
  });
}

export function StoryFormDialog({ open, onOpenChange, user, story }: StoryFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        {/* A fresh form each time it opens (and for another story). */}
        {open ? (
          <StoryForm key={story?.uid ?? 'new'} user={user} story={story} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function StoryForm({
  user,
  story,
  onDone,
}: {
  user: SelfUser;
  story?: LocalStory | undefined;
  onDone(): void;
}) {
  const [values, setValues] = useState<StoryFormValues>(story ? formValuesOf(story) : EMPTY_STORY_FORM);
  const [errors, setErrors] = useState<Partial<Record<keyof StoryFormValues, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof StoryFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const read = readStoryForm(values);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setBusy(true);
    try {
      if (story) {
        await updateStory(user, story, changesOf(story, read.value));
        toast({ title: storyMessages.updated });
      } else {
        await createStory(user, read.value);
        toast({ title: storyMessages.shared, description: storyMessages.savedOnDevice });
      }
      onDone();
    } catch (err) {
      failed(story ? storyMessages.updateFailed : storyMessages.shareFailed, err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{story ? 'Edit Your Story' : 'Share Your Story'}</DialogTitle>
        <DialogDescription>
          How has detecting helped you? A few lines about a good day out, a hard time it carried you through,
          or the friends you have made can mean a lot to someone reading.
        </DialogDescription>
      </DialogHeader>
      <FormField
        label="Your story"
        htmlFor="story-content"
        error={errors.content}
        hint="At least 20 characters."
      >
        <Textarea
          id="story-content"
          rows={7}
          value={values.content}
          onChange={(e) => set('content')(e.target.value)}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? 'story-content-error' : 'story-content-hint'}
        />
      </FormField>
      <FormField label="Years detecting (optional)" htmlFor="story-years" error={errors.yearsDetecting}>
        <Input
          id="story-years"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          className="w-32"
          value={values.yearsDetecting}
          onChange={(e) => set('yearsDetecting')(e.target.value)}
          aria-invalid={errors.yearsDetecting ? true : undefined}
          aria-describedby={errors.yearsDetecting ? 'story-years-error' : undefined}
        />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {story ? (busy ? 'Saving...' : 'Save Changes') : busy ? 'Sharing...' : 'Share Story'}
        </Button>
      </DialogFooter>
    </form>
  );
}
