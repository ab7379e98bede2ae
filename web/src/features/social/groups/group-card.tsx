/**
 * One group on the Groups tab (docs/product/social.md "Groups"): its cover (small), name, Private badge,
 * description ('No description provided'), tags, member count and location, and its menu — View Group for everyone, Edit Group and
 * Delete Group for the creator (delete asks first, with the spec's text), Leave Group for the other members.
 * Edit, Delete and Leave are queued writes (group-writes.ts): they show at once, offline too, and a group
 * not yet on the server says 'Waiting to sync' (or 'Not synced' when the server refused it).
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Lock, MapPin, MoreVertical, Users } from 'lucide-react';
import type { SelfUser } from '@schema/contracts/users';
import { groupMessages } from '@schema/contracts/groups-constants';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDeleteDialog } from '@web/components/ui/confirm-delete-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { SyncMarker, type SyncMarkerState } from '@web/components/ui/sync-marker';
import { toast } from '@web/components/ui/toast-store';
import { GroupFormDialog } from './group-form-dialog';
import { GroupCover, GroupTags } from './group-profile';
import { writeDeleteGroup, writeLeaveGroup } from './group-writes';
import { groupHref, membersText, type GroupSummary } from './group-summary';

export interface GroupCardProps {
  group: GroupSummary;
  user: SelfUser;
  pending?: SyncMarkerState | undefined;
  onChange(): void;
}

async function attempt(run: () => Promise<unknown>, success: string, failure: string): Promise<boolean> {
  try {
    await run();
    toast({ title: success });
    return true;
  } catch (err) {
    const said = err instanceof Error && err.message !== failure;
    toast({ title: failure, ...(said ? { description: err.message } : {}), variant: 'destructive' });
    return false;
  }
}

export function GroupCard({ group, user, pending, onChange }: GroupCardProps) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const isCreator = group.creatorId === user.id;
  const isMember = group.membership?.status === 'active';
  return (
    <Card className="flex flex-col gap-2 p-4">
      <GroupCover url={group.coverImageUrl} small />
      <div className="flex items-start justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={groupHref(group)} className="text-lg font-semibold hover:underline">
            {group.name}
          </Link>
          {group.isPrivate ? (
            <Badge variant="secondary">
              <Lock className="size-3" aria-hidden="true" /> Private
            </Badge>
          ) : null}
          {group.membership?.status === 'invited' ? <Badge variant="outline">Invited</Badge> : null}
          <SyncMarker state={pending} />
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="sm" aria-label={`Actions for ${group.name}`}>
              <MoreVertical aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => void navigate(groupHref(group))}>View Group</DropdownMenuItem>
            {isCreator ? (
              <>
                <DropdownMenuItem onSelect={() => setEditing(true)}>Edit Group</DropdownMenuItem>
                <DropdownMenuItem onSelect={() => setDeleting(true)}>Delete Group</DropdownMenuItem>
              </>
            ) : isMember ? (
              <DropdownMenuItem
                onSelect={() =>
                  void attempt(
                    () => writeLeaveGroup(user, group.uid, groupMessages.leaveFailed),
                    groupMessages.left,
                    groupMessages.leaveFailed,
                  ).then((ok) => ok && onChange())
                }
              >
                Leave Group
              </DropdownMenuItem>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <p className="text-stone-700 dark:text-stone-300">{group.description || groupMessages.noDescription}</p>
      <GroupTags tags={group.tags} />
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600 dark:text-stone-400">
        <span className="flex items-center gap-1">
          <Users className="size-4" aria-hidden="true" /> {membersText(group.memberCount)}
        </span>
        {group.location ? (
          <span className="flex items-center gap-1">
            <MapPin className="size-4" aria-hidden="true" /> {group.location}
          </span>
        ) : null}
      </div>
      {editing ? (
        <GroupFormDialog
          open={editing}
          onOpenChange={setEditing}
          group={group}
          user={user}
          onSaved={onChange}
        />
      ) : null}
      <ConfirmDeleteDialog
        open={deleting}
        title="Delete Group"
        description={groupMessages.deleteConfirm}
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          const ok = await attempt(
            () => writeDeleteGroup(user, group.uid),
            groupMessages.deleted,
            groupMessages.deleteFailed,
          );
          setDeleting(false);
          if (ok) onChange();
        }}
      />
    </Card>
  );
}
