/**
 * Create Group and Edit Group (docs/product/social.md "Groups"): name (required; blank after trimming keeps
 * Save disabled and a submit does nothing), description, location, tags (a few words separated by commas,
 * checked with the contract's messages), rules, a private toggle, on create a picture, and a cover (an
 * image file only: 'Invalid file type' / 'Please select an image file'). Saving is a queued write
 * (group-writes.ts): the group shows at once, offline too, and syncs when the device is online. Pictures
 * are uploaded first, so choosing one needs the network; without one the group is saved offline.
 */
import { useState } from 'react';
import { useOneSubmitAtATime } from '@web/lib/one-submit-at-a-time';
import type { SelfUser } from '@schema/contracts/users';
import { GROUP_TAGS_MAX, groupMessages } from '@schema/contracts/groups-constants';
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
import { toast } from '@web/components/ui/toast-store';
import { uploadGroupImage } from './api';
import { GroupImageField } from './group-image-field';
import type { GroupSummary } from './group-summary';
import { writeCreateGroup, writeUpdateGroup } from './group-writes';

export interface GroupFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Absent: Create Group; present: Edit Group. */
  group?: GroupSummary;
  user: SelfUser;
  onSaved(): void;
}

export function GroupFormDialog({ open, onOpenChange, group, user, onSaved }: GroupFormDialogProps) {
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [location, setLocation] = useState(group?.location ?? '');
  const { pending: saving, submit } = useOneSubmitAtATime(save);
  const [isPrivate, setIsPrivate] = useState(group?.isPrivate ?? false);
  const [tagsText, setTagsText] = useState((group?.tags ?? []).join(', '));
  const [tagsError, setTagsError] = useState<string | undefined>();
  const [rules, setRules] = useState(group?.rules ?? '');
  const [avatar, setAvatar] = useState<File | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [removeCover, setRemoveCover] = useState(false);
  const editing = group !== undefined;
  const blank = name.trim() === '';

  /** The new cover's URL (uploaded now), null to remove it, undefined to leave it. */
  async function coverChange(): Promise<string | null | undefined> {
    if (cover) return uploadGroupImage(cover);
    return removeCover ? null : undefined;
  }

  async function save() {
    if (blank) return;
    // The contract (and Zod with it) loads on the first save, not with the social pages
    // (docs/architecture.md "First paint").
    const { groupTagsSchema, tagsFromText } = await import('@schema/contracts/groups');
    const tags = groupTagsSchema.safeParse(tagsFromText(tagsText));
    if (!tags.success) return setTagsError(tags.error.issues[0]?.message ?? groupMessages.tagsInvalid);
    setTagsError(undefined);
    const fields = { name: name.trim(), description, location, isPrivate, tags: tags.data, rules };
    try {
      const coverImageUrl = await coverChange();
      const withCover = coverImageUrl === undefined ? fields : { ...fields, coverImageUrl };
      if (editing) await writeUpdateGroup(user, group.uid, withCover);
      else
        await writeCreateGroup(user, {
          ...withCover,
          avatarUrl: avatar ? await uploadGroupImage(avatar) : null,
        });
      toast({ title: editing ? groupMessages.updated : groupMessages.created });
      onSaved();
      onOpenChange(false);
    } catch (err) {
      const title = editing ? groupMessages.updateFailed : groupMessages.createFailed;
      const said = err instanceof Error && err.message !== 'upload failed' && err.message !== title;
      toast({ title, ...(said ? { description: err.message } : {}), variant: 'destructive' });
    }
  }

  const id = editing ? `group-${group.uid}` : 'group-new';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Group' : 'Create Group'}</DialogTitle>
          <DialogDescription>
            {editing ? 'Change the details of your group.' : 'Start a group for detectorists to join.'}
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
          <FormField label="Group name" htmlFor={`${id}-name`}>
            <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} required />
          </FormField>
          <FormField label="Description" htmlFor={`${id}-description`}>
            <Textarea
              id={`${id}-description`}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </FormField>
          <FormField label="Location (optional)" htmlFor={`${id}-location`}>
            <Input id={`${id}-location`} value={location} onChange={(e) => setLocation(e.target.value)} />
          </FormField>
          <FormField
            label="Tags (optional)"
            htmlFor={`${id}-tags`}
            error={tagsError}
            hint={`Up to ${GROUP_TAGS_MAX}, separated by commas: Roman, beach, beginners`}
          >
            <Input
              id={`${id}-tags`}
              value={tagsText}
              aria-invalid={tagsError !== undefined}
              aria-describedby={tagsError ? `${id}-tags-error` : `${id}-tags-hint`}
              onChange={(e) => setTagsText(e.target.value)}
            />
          </FormField>
          <FormField label="Rules (optional)" htmlFor={`${id}-rules`}>
            <Textarea id={`${id}-rules`} value={rules} onChange={(e) => setRules(e.target.value)} />
          </FormField>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" checked={isPrivate} onChange={(e) => setIsPrivate(e.target.checked)} />
            Private group (only members can see it)
          </label>
          {editing ? null : (
            <GroupImageField id={`${id}-avatar`} label="Group picture (optional)" onPick={setAvatar} />
          )}
          <GroupImageField
            id={`${id}-cover`}
            label="Cover image (optional)"
            hint="A wide photo for the top of the group's page."
            onPick={setCover}
          />
          {editing && group.coverImageUrl && !cover ? (
            <label className="flex items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                checked={removeCover}
                onChange={(e) => setRemoveCover(e.target.checked)}
              />
              Remove the current cover
            </label>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={blank || saving}>
              {saving ? 'Saving…' : editing ? 'Save Changes' : 'Create Group'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
