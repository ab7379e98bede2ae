/**
 * A group's members and, for its creator, the pending requests with Approve (docs/product/social.md
 * "Groups"). Read from the server: a private group's members are read by its members only.
 */
import { useState } from 'react';
import type { GroupMembership } from '@schema/contracts/groups';
import { groupMessages } from '@schema/contracts/groups-constants';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast-store';
import { MemberName } from '../components/member-name';
import { useRemote } from '../hooks/use-remote';
import { approveMember, transferGroup } from './api';

function List({
  path,
  version,
  empty,
  action,
}: {
  path: string;
  version: number;
  empty: string;
  action?: (m: GroupMembership) => React.ReactNode;
}) {
  const list = useRemote<GroupMembership[]>(path, version);
  if (list.state === 'loading') return <Spinner />;
  if (list.state !== 'ready')
    return (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {list.state === 'offline' ? groupMessages.offline : groupMessages.loadFailed}
      </p>
    );
  if (list.value.length === 0) return <p className="text-stone-600 dark:text-stone-400">{empty}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {list.value.map((m) => (
        <li key={m.id} className="flex items-center justify-between gap-3">
          <span className="flex items-center gap-2">
            <MemberName id={m.userId} username={m.username} avatarUrl={m.avatarUrl} />
            {m.role === 'creator' ? (
              <span className="text-xs text-stone-600 dark:text-stone-400">Creator</span>
            ) : null}
          </span>
          {action?.(m)}
        </li>
      ))}
    </ul>
  );
}

export function GroupMembers({
  groupUid,
  isCreator,
  onChange,
}: {
  groupUid: string;
  isCreator: boolean;
  onChange(): void;
}) {
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState<number | null>(null);
  // Handing over asks once more, inline: it cannot be undone by the former creator.
  const [confirming, setConfirming] = useState<number | null>(null);
  const handOver = async (m: GroupMembership) => {
    setBusy(m.userId);
    try {
      await transferGroup(groupUid, m.userId, 'The group could not be handed over. Please try again.');
      toast({ title: `${m.username} is now the group's creator` });
      setConfirming(null);
      setVersion((v) => v + 1);
      onChange();
    } catch (err) {
      toast({ title: (err as Error).message, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  const handOverAction = (m: GroupMembership) =>
    m.role === 'creator' ? null : confirming === m.userId ? (
      <span className="flex gap-2">
        <Button size="sm" variant="destructive" disabled={busy === m.userId} onClick={() => void handOver(m)}>
          Make {m.username} the creator
        </Button>
        <Button size="sm" variant="outline" onClick={() => setConfirming(null)}>
          Cancel
        </Button>
      </span>
    ) : (
      <Button
        size="sm"
        variant="outline"
        aria-label={`Hand over the group to ${m.username}`}
        onClick={() => setConfirming(m.userId)}
      >
        Hand over
      </Button>
    );
  const approve = async (m: GroupMembership) => {
    setBusy(m.userId);
    try {
      await approveMember(groupUid, m.userId, 'The member could not be approved. Please try again.');
      toast({ title: groupMessages.approved });
      setVersion((v) => v + 1);
      onChange();
    } catch (err) {
      toast({ title: (err as Error).message, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-col gap-6">
      {isCreator ? (
        <section aria-labelledby="group-requests" className="flex flex-col gap-2">
          <h2 id="group-requests" className="text-xl font-bold">
            Pending requests
          </h2>
          <List
            path={`/api/groups/${groupUid}/requests`}
            version={version}
            empty={groupMessages.requestsEmpty}
            action={(m) => (
              <Button
                size="sm"
                disabled={busy === m.userId}
                aria-label={`Approve ${m.username}`}
                onClick={() => void approve(m)}
              >
                Approve
              </Button>
            )}
          />
        </section>
      ) : null}
      <section aria-labelledby="group-members" className="flex flex-col gap-2">
        <h2 id="group-members" className="text-xl font-bold">
          Members
        </h2>
        <List
          path={`/api/groups/${groupUid}/members`}
          version={version}
          empty={groupMessages.membersEmpty}
          action={isCreator ? handOverAction : undefined}
        />
      </section>
    </div>
  );
}
