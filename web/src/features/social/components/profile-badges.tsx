/**
 * A member's earned achievements on their profile (docs/product/achievements.md "Screens"): anyone sees
 * the badges; the member themself gets the way to the full view and to restarting the onboarding tour
 * (the achievements feature does that at /achievements?tour=restart: features do not import each other).
 */
import { Trophy } from 'lucide-react';
import { Link } from 'react-router';
import type { Achievement } from '@schema/contracts/achievements-constants';
import { Badge } from '@web/components/ui/badge';
import { buttonClasses } from '@web/components/ui/button';
import { useRemote } from '../hooks/use-remote';

export function ProfileBadges({ userId, own }: { userId: number; own: boolean }) {
  const earned = useRemote<Achievement[]>(`/api/users/${userId}/achievements`);
  const badges = earned.state === 'ready' ? earned.value.filter((a) => a.isUnlocked) : [];
  return (
    <section aria-labelledby="profile-badges" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="profile-badges" className="text-xl font-bold">
          Achievements
        </h2>
        {own ? (
          <div className="flex flex-wrap gap-2">
            <Link to="/achievements" className={buttonClasses('outline', 'sm')}>
              View all achievements
            </Link>
            <Link to="/achievements?tour=restart" className={buttonClasses('ghost', 'sm')}>
              Restart tour
            </Link>
          </div>
        ) : null}
      </div>
      {earned.state === 'loading' ? (
        <p className="text-stone-600 dark:text-stone-400">Loading achievements…</p>
      ) : earned.state === 'offline' ? (
        <p className="text-stone-600 dark:text-stone-400">Achievements need a connection.</p>
      ) : earned.state === 'error' ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          Achievements could not be loaded.
        </p>
      ) : badges.length === 0 ? (
        <p className="text-stone-600 dark:text-stone-400">No achievements earned yet.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Earned achievements">
          {badges.map((a) => (
            <li key={a.id}>
              <Badge variant="tint" title={a.description}>
                <Trophy className="size-3.5" aria-hidden="true" /> {a.name}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
