/** View All members (docs/product/home.md#screens): every member, their bio and the total count, paged. */
import { maskEmailLike } from '@schema/contracts/users-display';
import { MemberBadges } from '@web/components/member-badges';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { useMemberList } from './hooks/use-community';
import { formatCount } from '@web/lib/numbers';

export function MembersDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const list = useMemberList(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Community Members</DialogTitle>
          <DialogDescription>
            {list.total !== null
              ? `${formatCount(list.total)} ${list.total === 1 ? 'member' : 'members'}`
              : 'Everyone in the DigQuest community.'}
          </DialogDescription>
        </DialogHeader>
        {list.state === 'error' && list.members.length === 0 ? (
          <p>Members could not be loaded. Please check your connection and try again.</p>
        ) : (
          <ul className="flex max-h-[60vh] flex-col divide-y divide-stone-200 overflow-y-auto dark:divide-stone-700">
            {list.members.map((m) => (
              <li key={m.id} className="flex items-start gap-3 py-3">
                <UserAvatar username={maskEmailLike(m.username)} avatarUrl={m.avatarUrl} size="md" />
                <div className="flex min-w-0 flex-col">
                  <span className="flex flex-wrap items-center gap-2 font-semibold">
                    {maskEmailLike(m.username)}
                    <MemberBadges userId={m.id} username={m.username} />
                  </span>
                  <span className="text-sm text-stone-600 dark:text-stone-400">{m.bio || 'No bio yet.'}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
        {list.state === 'loading' ? <Spinner label="Loading members…" /> : null}
        {list.next && list.state === 'ready' ? (
          <Button variant="outline" onClick={list.loadMore}>
            Show more members
          </Button>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
