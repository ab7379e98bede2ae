/** Who wrote a post or comment: avatar, the name masked when it looks like an e-mail address, badges. */
import { badgesFor, maskEmailLike } from '@schema/contracts/users';
import { UserAvatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { useTopPosters } from '@web/lib/top-posters';

export function AuthorBadges({ userId, username }: { userId: number; username: string }) {
  const topPosters = useTopPosters();
  return (
    <>
      {badgesFor({ id: userId, username }, topPosters).map((badge) => (
        <Badge key={badge} variant="premium">
          {badge}
        </Badge>
      ))}
    </>
  );
}

export interface AuthorProps {
  userId: number;
  username: string;
  avatarUrl?: string | null | undefined;
  size?: 'sm' | 'md';
}

export function Author({ userId, username, avatarUrl, size = 'sm' }: AuthorProps) {
  const name = maskEmailLike(username);
  return (
    <span className="flex min-w-0 items-center gap-2">
      <UserAvatar username={name} avatarUrl={avatarUrl} size={size} />
      <span className="truncate font-medium">{name}</span>
      <AuthorBadges userId={userId} username={username} />
    </span>
  );
}
