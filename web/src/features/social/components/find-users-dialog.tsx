/**
 * Find Users (docs/product/social.md "Screens"): search other members by username (the server leaves
 * the searcher out), Follow or Unfollow each. 'Start typing to search for users' before a term, 'No users
 * found' when nothing matches. Message opens the thread with a member (docs/product/social.md "Messages").
 */
import { useDeferredValue, useState } from 'react';
import { Search } from 'lucide-react';
import type { PublicUser } from '@schema/contracts/users';
import { socialMessages } from '@schema/contracts/social-constants';
import { Link } from 'react-router';
import { messageMessages } from '@schema/contracts/messages-constants';
import { Button, buttonClasses } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { SearchInput } from '@web/components/ui/search-input';
import { Spinner } from '@web/components/ui/spinner';
import { useRemote } from '../hooks/use-remote';
import { FollowButton } from './follow-button';
import { MemberName } from './member-name';

export interface FindUsersDialogProps {
  /** Ids of the members the viewer follows. */
  following: ReadonlySet<number>;
  onChange(): void;
}

function Results({ q, following, onChange }: FindUsersDialogProps & { q: string }) {
  const path = q === '' ? null : `/api/users?q=${encodeURIComponent(q)}&limit=20`;
  const found = useRemote<PublicUser[]>(path);
  if (q === '') return <p className="text-stone-600 dark:text-stone-400">{socialMessages.searchPrompt}</p>;
  if (found.state === 'loading') return <Spinner />;
  if (found.state !== 'ready')
    return (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {found.state === 'offline' ? 'Searching needs a connection.' : 'The search failed. Please try again.'}
      </p>
    );
  if (found.value.length === 0)
    return <p className="text-stone-600 dark:text-stone-400">{socialMessages.searchEmpty}</p>;
  return (
    <ul className="flex max-h-80 flex-col gap-2 overflow-y-auto">
      {found.value.map((u) => (
        <li key={u.id} className="flex items-center justify-between gap-3">
          <MemberName id={u.id} username={u.username} avatarUrl={u.avatarUrl} />
          <span className="flex-1" />
          <Link to={`/social?tab=messages&with=${u.id}`} className={buttonClasses('outline', 'sm')}>
            {messageMessages.message}
          </Link>
          <FollowButton
            userId={u.id}
            username={u.username}
            following={following.has(u.id)}
            onChange={onChange}
          />
        </li>
      ))}
    </ul>
  );
}

export function FindUsersDialog({ following, onChange }: FindUsersDialogProps) {
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const q = useDeferredValue(term.trim());
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Search aria-hidden="true" /> Find Users
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Find Users</DialogTitle>
            <DialogDescription>Search for detectorists by username.</DialogDescription>
          </DialogHeader>
          {open ? (
            <div className="flex flex-col gap-4">
              <SearchInput
                aria-label="Search by username"
                placeholder="Search by username…"
                value={term}
                onChange={(e) => setTerm(e.target.value)}
              />
              <Results q={q} following={following} onChange={onChange} />
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
