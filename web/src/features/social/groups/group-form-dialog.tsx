/**
 * Create Group and Edit Group (docs/product/social.md "Groups"): name (required; blank after trimming keeps
 * Save disabled and a submit does nothing), description, location, a private toggle and, on create, a
 * picture (an image file only: 'Invalid file type' / 'Please select an image file'). Saving is a queued
 * write (group-writes.ts): the group shows at once, offline too, and syncs when the device is online. The
 * picture is uploaded first, so a picture needs the network; without one the group is created offline.
 */
import { useState, type FormEvent } from 'react';
import type { SelfUser } from '@schema/contracts/users';
import { groupMessages } from '@schema/contracts/groups-constants';
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
import { uploadAvatar } from './api';
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
  const [isPrivate, setIsPrivate] = useState(group?.isPrivate ?? false);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const editing = group !== undefined;
  const blank = name.trim() === '';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (blank || saving) return;
    setSaving(true);
    const fields = { name: name.trim(), description, location, isPrivate };
    try {
      if (editing) await writeUpdateGroup(user, group.uid, fields);
      else await writeCreateGroup(user, { ...fields, avatarUrl: avatar ? await uploadAvatar(avatar) : null });
      toast({ title: editing ? groupMessages.updated : groupMessages.created });
      onSaved();
      onOpenChange(false);
    } catch (err) {
      const title = editing ? groupMessages.updateFailed : groupMessages.createFailed;
      const said = err instanceof Error && err.message !== 'upload failed' && err.message !== title;
      toast({ title, ...(said ? { description: err.message } : {}), variant: 'destructive' });
    } finally {
      setSaving(false);
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
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" checked={isPrivate} onChange={(e) => setIsPrivate(e.target.checked)} />
            Private group (only members can see it)
          </label>
          {editing ? null : (
            <FormField label="Group picture (optional)" htmlFor={`${id}-avatar`} error={avatarError}>
              <Input
                id={`${id}-avatar`}
                type="file"
                accept="image/*"
                onChange={(e) => {
                  const file = e.target.files?.[0] ?? null;
                  if (file && !file.type.startsWith('image/')) {
                    setAvatar(null);
                    setAvatarError(groupMessages.selectImage);
                    toast({
                      title: groupMessages.invalidFileType,
                      description: groupMessages.selectImage,
                      variant: 'destructive',
                    });
                    return;
                  }
                  setAvatarError(undefined);
                  setAvatar(file);
                }}
              />
            </FormField>
          )}
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
