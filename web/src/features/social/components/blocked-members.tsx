/**
 * Blocked members, with Unblock (docs/product/social.md "Blocking"), in the Profile Settings dialog. Read
 * and changed online: blocks are enforced by the server and never leave it for anyone else.
 */
import { useState } from 'react';
import type { BlockedMember } from '@schema/contracts/messages';
import { blockMessages } from '@schema/contracts/messages-constants';
import { maskEmailLike } from '@schema/contracts/users-display';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { setBlocked } from '../hooks/profile-settings';
import { useRemote } from '../hooks/use-remote';

export function BlockedMembers() {
  const [version, setVersion] = useState(0);
  const blocked = useRemote<BlockedMember[]>('/api/social/blocks', version);
  async function unblock(id: number) {
    try {
      await setBlocked(id, false);
      toast({ title: blockMessages.unblocked });
      setVersion((v) => v + 1);
    } catch {
      toast({ title: blockMessages.failed, variant: 'destructive' });
    }
  }
  return (
    <section aria-labelledby="blocked-title" className="flex flex-col gap-2">
      <h3 id="blocked-title" className="font-semibold">
        {blockMessages.listTitle}
      </h3>
      {blocked.state === 'loading' ? <Spinner /> : null}
      {blocked.state === 'offline' ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">Blocked members need a connection.</p>
      ) : null}
      {blocked.state === 'error' ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Blocked members could not be loaded. Please try again later.
        </p>
      ) : null}
      {blocked.state === 'ready' && blocked.value.length === 0 ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">{blockMessages.listEmpty}</p>
      ) : null}
      {blocked.state === 'ready' && blocked.value.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {blocked.value.map((m) => {
            const name = maskEmailLike(m.username);
            return (
              <li key={m.id} className="flex items-center gap-3">
                <UserAvatar username={name} avatarUrl={m.avatarUrl} size="sm" />
                <span className="flex-1 truncate">{name}</span>
                <Button variant="outline" size="sm" onClick={() => void unblock(m.id)}>
                  {blockMessages.unblock}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
