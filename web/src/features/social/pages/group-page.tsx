/**
 * A group's page (docs/product/social.md "Groups", /groups/:id — the id or the uid): cover, name, Private
 * or Public, description, tags, location, member count and creator, rules; Join (a public group), Request to join (a
 * private group's link), Leave; the members, the creator's pending requests with Approve, and the
 * discussion. A private group the visitor may not see is 'Group not found' — unless the address is the
 * group's link (its uid), which is how its creator invites people: then its invitation (group-invitation.tsx).
 *
 * The group is read from the device (C15: opening the page pins it, or reads it from the server first when
 * the device does not hold it), so a group the member holds opens offline. Join, Request to join and Leave
 * are queued writes (groups/group-writes.ts), shown at once; the members list asks the server.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Globe, Lock, MapPin, Users } from 'lucide-react';
import { groupMessages } from '@schema/contracts/groups-constants';
import { maskEmailLike } from '@schema/contracts/users-display';
import { Badge } from '@web/components/ui/badge';
import { ReportButton } from '@web/components/moderation/report-button';
import { Button } from '@web/components/ui/button';
import { PageContainer } from '@web/components/ui/page-header';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast-store';
import { SyncMarker } from '@web/components/ui/sync-marker';
import { useCurrentUser } from '@web/db/current-user';
import type { LocalGroup } from '@web/db/database';
import { useEndBootPreview } from '@web/lib/boot-shell';
import { usePageMeta } from '@web/lib/page-meta';
import { syncNow, useOpenRecord, usePendingRecords } from '@web/sync';
import { membersText } from '../groups/group-summary';
import { GroupDiscussion } from '../groups/group-discussion';
import { GroupInvitationView } from '../groups/group-invitation';
import { GroupMembers } from '../groups/group-members';
import { GroupCover, GroupRules, GroupTags } from '../groups/group-profile';
import { writeJoinGroup, writeLeaveGroup } from '../groups/group-writes';
import { useHeldGroup } from '../groups/use-my-groups';

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

interface HeldGroupProps {
  group: LocalGroup;
  /** The member's own membership status on this device (a queued join or leave included). */
  status: string | null;
  onChange(): void;
}

function JoinOrLeave({ group, status, onChange }: HeldGroupProps) {
  const { user } = useCurrentUser();
  if (!user || group.creatorId === user.id) return null;
  if (status === 'pending')
    return (
      <p role="status" className="font-medium">
        {groupMessages.requested}. {groupMessages.requestedText}
      </p>
    );
  if (status === 'active')
    return (
      <Button
        variant="outline"
        onClick={() =>
          void act(
            () => writeLeaveGroup(user, group.uid, groupMessages.leaveFailed),
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
          () => writeJoinGroup(user, group),
          group.isPrivate && status !== 'invited' ? groupMessages.requested : groupMessages.joined,
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
  if (!user) return null;
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
          () => writeJoinGroup(user, { uid, isPrivate: true }),
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

function GroupView({ group, status, onChange }: HeldGroupProps) {
  const { user } = useCurrentUser();
  const pending = usePendingRecords('groups').get(group.uid);
  const isCreator = user?.id === group.creatorId;
  const inside = !group.isPrivate || status === 'active' || isCreator;
  const link = `${window.location.origin}/groups/${group.uid}`;
  return (
    <div className="flex flex-col gap-6">
      <GroupCover url={group.coverImageUrl} />
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
          <SyncMarker state={pending} />
        </div>
        <p className="text-stone-700 dark:text-stone-300">
          {group.description || groupMessages.noDescription}
        </p>
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
          <span>
            Created by <Link to={`/users/${group.creatorId}`}>{maskEmailLike(group.creatorName)}</Link>
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <JoinOrLeave group={group} status={status} onChange={onChange} />
          <ReportButton
            entity="groups"
            id={group.id}
            authorId={group.creatorId}
            viewerId={user?.id ?? null}
            variant="outline"
            size="md"
          />
        </div>
        {isCreator && group.isPrivate ? (
          <p className="text-sm">
            Invite link (members who open it can ask to join): <code className="break-all">{link}</code>
          </p>
        ) : null}
      </div>
      <GroupRules rules={group.rules} />
      {inside ? <GroupDiscussion groupUid={group.uid} canWrite={status === 'active' || isCreator} /> : null}
      {inside && group.id !== null ? (
        <GroupMembers groupUid={group.uid} isCreator={isCreator} onChange={onChange} />
      ) : null}
    </div>
  );
}

export function GroupPage() {
  const { id = '' } = useParams();
  const { user } = useCurrentUser();
  const opening = useOpenRecord('groups', id);
  const held = useHeldGroup(id, user?.id ?? null);
  const found = held.state === 'ready' ? held.value : null;
  usePageMeta({
    title: found ? found.group.name : 'Group',
    description: 'A detecting group on DigQuest.',
  });
  const waiting = !found && (held.state === 'loading' || opening === 'opening' || opening === 'open');
  // The server's first look of a public group (first-visit/group-preview.ts) stays until this page shows
  // the group, or says it cannot.
  useEndBootPreview(!waiting);
  let body;
  if (found)
    body = (
      // A change made over REST (an approval) reaches the stored group with the next pull.
      <GroupView group={found.group} status={found.status} onChange={syncNow} />
    );
  // 'open': the server answered with the group and the device is storing it — not a group to invite to.
  else if (waiting) body = <Spinner />;
  else if (opening === 'unreachable') body = <p role="alert">{groupMessages.offline}</p>;
  else {
    const notFound = (
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold">{groupMessages.notFound}</h1>
        <p className="text-stone-700 dark:text-stone-300">{groupMessages.notFoundText}</p>
        <Link to="/social?tab=groups" className="underline">
          Back to my groups
        </Link>
      </div>
    );
    // A group's link (its uid) the visitor may not see yet: the invitation it carries.
    body = UID.test(id) ? (
      <GroupInvitationView uid={id} notFound={notFound} requestButton={<RequestToJoin uid={id} />} />
    ) : (
      notFound
    );
  }
  return <PageContainer className="flex max-w-4xl flex-col gap-6">{body}</PageContainer>;
}
