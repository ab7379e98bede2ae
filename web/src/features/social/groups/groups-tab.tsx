/**
 * The Groups tab of the Social Dashboard (docs/product/social.md "Groups"): the member's groups as cards,
 * Create Group and Browse Groups. Empty: 'You haven't joined any groups yet' with Create Your First Group
 * and Browse Groups. Read from the server (a private group's existence is its members'), so offline it says
 * it needs a connection.
 */
import { useState } from 'react';
import { Plus, Search } from 'lucide-react';
import type { Group } from '@schema/contracts/groups';
import { groupMessages } from '@schema/contracts/groups-constants';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useRemote } from '../hooks/use-remote';
import { BrowseGroupsDialog } from './browse-groups-dialog';
import { GroupCard } from './group-card';
import { GroupFormDialog } from './group-form-dialog';

export function GroupsTab({ viewerId }: { viewerId: number }) {
  const [version, setVersion] = useState(0);
  const [creating, setCreating] = useState(false);
  const [browsing, setBrowsing] = useState(false);
  const changed = () => setVersion((v) => v + 1);
  const mine = useRemote<Group[]>('/api/social/groups', version);
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
  if (mine.state === 'loading')
    body = (
      <div className="flex flex-col gap-3" aria-hidden="true">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    );
  else if (mine.state !== 'ready')
    body = (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {mine.state === 'offline' ? groupMessages.offline : groupMessages.loadFailed}
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
            <li key={g.id}>
              <GroupCard group={g} viewerId={viewerId} onChange={changed} />
            </li>
          ))}
        </ul>
      </div>
    );
  return (
    <>
      {body}
      {creating ? <GroupFormDialog open={creating} onOpenChange={setCreating} onSaved={changed} /> : null}
      <BrowseGroupsDialog open={browsing} onOpenChange={setBrowsing} onJoined={changed} />
    </>
  );
}
