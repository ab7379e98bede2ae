/**
 * A member's badges wherever a member is named — forum authors, a find's poster, member lists
 * (docs/product/achievements.md "Badges"): 'Founder' for the official account, 'Top Poster' for the members
 * `GET /api/badges` names (read once per visit, lib/top-posters.ts).
 */
import { badgesFor } from '@schema/contracts/users-display';
import { Badge } from '@web/components/ui/badge';
import { useTopPosters } from '@web/lib/top-posters';

export function MemberBadges({ userId, username }: { userId: number; username: string }) {
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
