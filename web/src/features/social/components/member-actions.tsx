/**
 * Message and Block / Unblock on a member's profile page (docs/product/social.md "Messages", "Blocking").
 * Message opens the thread in the Messages tab; blocking is decided online by the server, which then
 * refuses the blocked member's messages and follows.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { blockMessages, messageMessages } from '@schema/contracts/messages-constants';
import { Button, buttonClasses } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { setBlocked } from '../hooks/profile-settings';

export function MemberActions({ userId, blocked: initial }: { userId: number; blocked: boolean }) {
  const [blocked, setBlockedState] = useState(initial);
  const [busy, setBusy] = useState(false);
  async function toggle() {
    setBusy(true);
    try {
      await setBlocked(userId, !blocked);
      setBlockedState(!blocked);
      toast({ title: blocked ? blockMessages.unblocked : blockMessages.blocked });
    } catch {
      toast({ title: blockMessages.failed, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      {blocked ? null : (
        <Link to={`/social?tab=messages&with=${userId}`} className={buttonClasses('default', 'md')}>
          {messageMessages.message}
        </Link>
      )}
      <Button variant="outline" disabled={busy} onClick={() => void toggle()}>
        {blocked ? blockMessages.unblock : blockMessages.block}
      </Button>
    </>
  );
}
