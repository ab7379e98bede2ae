/**
 * The Groups tab of the Social Dashboard (docs/product/social.md "Groups"): the member's groups as cards,
 * Create Group and Browse Groups. Empty: 'You haven't joined any groups yet' with Create Your First Group
 * and Browse Groups. "My groups" is read from the device (use-my-groups.ts: the groups pulled with the
 * member's own scope and pins), so it shows offline and a group created offline appears at once with
 * 'Waiting to sync'; browsing and search ask the server, online only.
 */
import { useState } from 'react';
import { Plus, Search } from 'lucide-react';
import { groupMessages } from '@schema/contracts/groups-constants';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCurrentUser } from '@web/db/current-user';
import { usePendingRecords } from '@web/sync';
import { BrowseGroupsDialog } from './browse-groups-dialog';
import { GroupCard } from './group-card';
import { GroupFormDialog } from './group-form-dialog';
import { useMyGroups } from './use-my-groups';

export function GroupsTab({ viewerId }: { viewerId: number }) {
  const [creating, setCreating] = useState(false);
  const [browsing, setBrowsing] = useState(false);
  // The list is live: writes and pulls show without asking for it again.
  const changed = () => undefined;
  const { user } = useCurrentUser();
  const mine = useMyGroups(viewerId);
  const pending = usePendingRecords('groups');
  const buttons = (first: boolean) => (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => setCreating(true)}>
        <Plus aria-hidden="true" /> {first ? 'Create Your First Group' : 'Create Group'}
      </Button>
      <Button variant="outline" onClick={() => setBrowsing(true)}>
        <Search aria-hidden="true" /> Browse Groups
      </Button>
    </div>
  );
  let body;
  if (mine.state === 'loading' || !user)
    body = (
      <div className="flex flex-col gap-3" aria-hidden="true">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    );
  else if (mine.state !== 'ready')
    body = (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {groupMessages.loadFailed}
      </p>
    );
  else if (mine.value.length === 0)
    body = (
      <div className="flex flex-col items-start gap-3">
        <p className="text-stone-600 dark:text-stone-400">{groupMessages.mineEmpty}</p>
        {buttons(true)}
      </div>
    );
  else
    body = (
      <div className="flex flex-col gap-4">
        {buttons(false)}
        <ul className="grid gap-3 sm:grid-cols-2">
          {mine.value.map((g) => (
            <li key={g.uid}>
              <GroupCard group={g} user={user} pending={pending.get(g.uid)} onChange={changed} />
            </li>
          ))}
        </ul>
      </div>
    );
  return (
    <>
      {body}
      {creating && user ? (
        <GroupFormDialog open={creating} onOpenChange={setCreating} user={user} onSaved={changed} />
      ) : null}
      <BrowseGroupsDialog open={browsing} onOpenChange={setBrowsing} onJoined={changed} />
    </>
  );
}
