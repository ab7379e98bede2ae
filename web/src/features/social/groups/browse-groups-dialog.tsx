/**
 * Browse Groups (docs/product/social.md "Groups"): the groups the member may see — public ones, and the
 * private ones they belong to — searched by name, with Join on a public group the member is not in. A
 * private group is never listed for others; they join it through the link its creator shares. The list
 * asks the server (online only); Join is a queued write (group-writes.ts), on the member's list at once.
 */
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import type { Group } from '@schema/contracts/groups';
import type { SelfUser } from '@schema/contracts/users';
import { groupMessages } from '@schema/contracts/groups-constants';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { SearchInput } from '@web/components/ui/search-input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast-store';
import { useRemote } from '../hooks/use-remote';
import { useCurrentUser } from '@web/db/current-user';
import { groupHref, membersText } from './group-summary';
import { writeJoinGroup } from './group-writes';

function JoinButton({ group, user, onJoined }: { group: Group; user: SelfUser | null; onJoined(): void }) {
  const [busy, setBusy] = useState(false);
  const status = group.membership?.status;
  if (status === 'active') return <span className="text-sm text-stone-600 dark:text-stone-400">Member</span>;
  return (
    <Button
      size="sm"
      disabled={busy || !user}
      aria-label={`Join ${group.name}`}
      onClick={async () => {
        if (!user) return;
        setBusy(true);
        try {
          await writeJoinGroup(user, group);
          toast({ title: group.isPrivate ? groupMessages.requested : groupMessages.joined });
          onJoined();
        } catch (err) {
          toast({
            title: groupMessages.joinFailed,
            description: (err as Error).message,
            variant: 'destructive',
          });
        } finally {
          setBusy(false);
        }
      }}
    >
      Join
    </Button>
  );
}

// The member is read once for the whole list, not per button: each row's own read would leave a freshly
// listed Join button disabled until IndexedDB answered, and a tap in that moment would do nothing.
function Results({
  q,
  version,
  user,
  onJoined,
}: {
  q: string;
  version: number;
  user: SelfUser | null | undefined;
  onJoined(): void;
}) {
  const path = `/api/groups?limit=20${q ? `&q=${encodeURIComponent(q)}` : ''}`;
  const found = useRemote<Group[]>(path, version);
  if (found.state === 'loading' || user === undefined) return <Spinner />;
  if (found.state !== 'ready')
    return (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {found.state === 'offline' ? groupMessages.offline : groupMessages.loadFailed}
      </p>
    );
  if (found.value.length === 0)
    return <p className="text-stone-600 dark:text-stone-400">{groupMessages.browseEmpty}</p>;
  return (
    <ul className="flex max-h-96 flex-col gap-3 overflow-y-auto">
      {found.value.map((g) => (
        <li key={g.id} className="flex items-center justify-between gap-3">
          <div className="flex min-w-0 flex-col">
            <Link to={groupHref(g)} className="font-semibold hover:underline">
              {g.name}
            </Link>
            <span className="truncate text-sm text-stone-600 dark:text-stone-400">
              {g.description || groupMessages.noDescription} · {membersText(g.memberCount)}
            </span>
          </div>
          <JoinButton group={g} user={user} onJoined={onJoined} />
        </li>
      ))}
    </ul>
  );
}

export function BrowseGroupsDialog({
  open,
  onOpenChange,
  onJoined,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onJoined(): void;
}) {
  const [term, setTerm] = useState('');
  const [version, setVersion] = useState(0);
  const q = useDeferredValue(term.trim());
  const member = useCurrentUser();
  const user = member.loading ? undefined : member.user;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Browse Groups</DialogTitle>
          <DialogDescription>Find a detecting group to join.</DialogDescription>
        </DialogHeader>
        {open ? (
          <div role="search" className="flex flex-col gap-4">
            <SearchInput
              aria-label="Search groups"
              placeholder="Search groups…"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
            />
            <Results
              q={q}
              version={version}
              user={user}
              onJoined={() => {
                setVersion((v) => v + 1);
                onJoined();
              }}
            />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
