/**
 * A group's page (docs/product/social.md "Groups", /groups/:id — the id or the uid): name, Private or
 * Public, description, location, member count and creator; Join (a public group), Request to join (a
 * private group's link), Leave; the members, the creator's pending requests with Approve, and the
 * discussion. A private group the visitor may not see is 'Group not found' — with Request to join when the
 * address is the group's link (its uid), which is how its creator invites people.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Globe, Lock, MapPin, Users } from 'lucide-react';
import type { Group } from '@schema/contracts/groups';
import { groupMessages } from '@schema/contracts/groups-constants';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { PageContainer } from '@web/components/ui/page-header';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast-store';
import { useCurrentUser } from '@web/db/current-user';
import { usePageMeta } from '@web/lib/page-meta';
import { useRemote } from '../hooks/use-remote';
import { joinGroup, leaveGroup } from '../groups/api';
import { membersText } from '../groups/group-card';
import { GroupDiscussion } from '../groups/group-discussion';
import { GroupMembers } from '../groups/group-members';

const UID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function act(run: () => Promise<unknown>, success: string, failure: string, then: () => void) {
  try {
    await run();
    toast({ title: success });
    then();
  } catch (err) {
    const said = err instanceof Error && err.message !== failure;
    toast({ title: failure, ...(said ? { description: err.message } : {}), variant: 'destructive' });
  }
}

function JoinOrLeave({ group, onChange }: { group: Group; onChange(): void }) {
  const { user } = useCurrentUser();
  const status = group.membership?.status;
  if (!user || group.creatorId === user.id) return null;
  if (status === 'active')
    return (
      <Button
        variant="outline"
        onClick={() =>
          void act(
            () => leaveGroup(group.uid, groupMessages.leaveFailed),
            groupMessages.left,
            groupMessages.leaveFailed,
            onChange,
          )
        }
      >
        Leave Group
      </Button>
    );
  return (
    <Button
      onClick={() =>
        void act(
          () => joinGroup(group.uid, groupMessages.joinFailed),
          groupMessages.joined,
          groupMessages.joinFailed,
          onChange,
        )
      }
    >
      {status === 'invited' ? 'Accept invitation' : 'Join Group'}
    </Button>
  );
}

function RequestToJoin({ uid }: { uid: string }) {
  const { user } = useCurrentUser();
  const [sent, setSent] = useState(false);
  if (!user || !UID.test(uid)) return null;
  if (sent)
    return (
      <p role="status" className="font-medium">
        {groupMessages.requested}. {groupMessages.requestedText}
      </p>
    );
  return (
    <Button
      className="self-start"
      onClick={() =>
        void act(
          () => joinGroup(uid, groupMessages.joinFailed),
          groupMessages.requested,
          groupMessages.joinFailed,
          () => setSent(true),
        )
      }
    >
      Request to join
    </Button>
  );
}

function GroupView({ group, onChange }: { group: Group; onChange(): void }) {
  const { user } = useCurrentUser();
  const isCreator = user?.id === group.creatorId;
  const inside = !group.isPrivate || group.membership?.status === 'active';
  const link = `${window.location.origin}/groups/${group.uid}`;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold">{group.name}</h1>
          <Badge variant="secondary">
            {group.isPrivate ? (
              <Lock className="size-3" aria-hidden="true" />
            ) : (
              <Globe className="size-3" aria-hidden="true" />
            )}
            {group.isPrivate ? 'Private' : 'Public'}
          </Badge>
        </div>
        <p className="text-stone-700 dark:text-stone-300">
          {group.description || groupMessages.noDescription}
        </p>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600 dark:text-stone-400">
          <span className="flex items-center gap-1">
            <Users className="size-4" aria-hidden="true" /> {membersText(group.memberCount)}
          </span>
          {group.location ? (
            <span className="flex items-center gap-1">
              <MapPin className="size-4" aria-hidden="true" /> {group.location}
            </span>
          ) : null}
          <span>
            Created by <Link to={`/users/${group.creatorId}`}>{group.creatorName}</Link>
          </span>
        </div>
        <JoinOrLeave group={group} onChange={onChange} />
        {isCreator && group.isPrivate ? (
          <p className="text-sm">
            Invite link (members who open it can ask to join): <code className="break-all">{link}</code>
          </p>
        ) : null}
      </div>
      {inside ? (
        <GroupDiscussion groupUid={group.uid} canWrite={group.membership?.status === 'active'} />
      ) : null}
      {inside ? <GroupMembers groupUid={group.uid} isCreator={isCreator} onChange={onChange} /> : null}
    </div>
  );
}

export function GroupPage() {
  const { id = '' } = useParams();
  const [version, setVersion] = useState(0);
  const group = useRemote<Group>(`/api/groups/${encodeURIComponent(id)}`, version);
  usePageMeta({
    title: group.state === 'ready' ? group.value.name : 'Group',
    description: 'A detecting group on DigQuest.',
  });
  let body;
  if (group.state === 'loading') body = <Spinner />;
  else if (group.state === 'offline') body = <p role="alert">{groupMessages.offline}</p>;
  else if (group.state === 'error')
    body = (
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold">{groupMessages.notFound}</h1>
        <p className="text-stone-700 dark:text-stone-300">{groupMessages.notFoundText}</p>
        <RequestToJoin uid={id} />
        <Link to="/social?tab=groups" className="underline">
          Back to my groups
        </Link>
      </div>
    );
  else body = <GroupView group={group.value} onChange={() => setVersion((v) => v + 1)} />;
  return <PageContainer className="flex max-w-4xl flex-col gap-6">{body}</PageContainer>;
}
