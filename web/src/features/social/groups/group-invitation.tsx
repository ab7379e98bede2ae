/**
 * A private group's invite link, opened by someone outside the group (docs/product/social.md "Groups"):
 * the invitation — the group's name, Private, and Request to join (signed out: Sign in first) or, once
 * asked, 'Request sent' — instead of 'Group not found'. The server answers only to the link, the group's
 * uid (GET /api/groups/{uid}/invitation); a group that does not exist is 'Group not found' as before.
 * Reading it needs the network.
 */
import type { ReactNode } from 'react';
import { Lock } from 'lucide-react';
import type { GroupInvitation } from '@schema/contracts/group-invitation';
import { groupMessages } from '@schema/contracts/groups-constants';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useCurrentUser } from '@web/db/current-user';
import { useUiStore } from '@web/lib/ui-store';
import { useRemote } from '../hooks/use-remote';

export function GroupInvitationView({
  uid,
  notFound,
  requestButton,
}: {
  uid: string;
  /** What to show when the link names no group (or it cannot be read). */
  notFound: ReactNode;
  /** Request to join, for a signed-in member who has not asked yet. */
  requestButton: ReactNode;
}) {
  const { user } = useCurrentUser();
  const openAuthDialog = useUiStore((s) => s.openAuthDialog);
  // Read again once the visitor signs in: their own request's state comes with it.
  const invitation = useRemote<GroupInvitation>(`/api/groups/${uid}/invitation`, user?.id ?? 0);
  if (invitation.state === 'loading') return <Spinner label="Loading the invitation…" />;
  if (invitation.state === 'offline') return <p role="alert">{groupMessages.offline}</p>;
  if (invitation.state === 'error') return notFound;
  const { name, membership } = invitation.value;
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm font-medium text-stone-600 dark:text-stone-400">You have been invited to join</p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{name}</h1>
        <Badge variant="secondary">
          <Lock className="size-3" aria-hidden="true" /> Private
        </Badge>
      </div>
      <p className="text-stone-700 dark:text-stone-300">
        A private group: its creator lets members in. Ask to join, and once you are in you will see its
        members and discussion.
      </p>
      {membership?.status === 'pending' ? (
        <p role="status" className="font-medium">
          {groupMessages.requested}. {groupMessages.requestedText}
        </p>
      ) : user ? (
        requestButton
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p>Sign in to ask to join.</p>
          <Button onClick={() => openAuthDialog('signIn')}>Sign in</Button>
        </div>
      )}
    </div>
  );
}
