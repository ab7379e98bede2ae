/** The four stat tiles (docs/product/social.md "Screens"): counted by the server. */
import type { SocialStats } from '@schema/contracts/social';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import type { Remote } from '../hooks/use-remote';

const TILES = [
  ['Followers', 'followers'],
  ['Following', 'following'],
  ['Posts', 'posts'],
  ['Finds', 'finds'],
] as const;

export function StatTiles({ stats }: { stats: Remote<SocialStats> }) {
  if (stats.state === 'error' || stats.state === 'offline')
    return (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {stats.state === 'offline'
          ? 'Stats need a connection.'
          : 'Stats could not be loaded. Please try again later.'}
      </p>
    );
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
      {TILES.map(([label, key]) => (
        <Card key={key} className="flex flex-col-reverse items-center gap-1 p-4">
          <dt className="text-sm text-stone-600 dark:text-stone-400">{label}</dt>
          <dd className="text-2xl font-bold">
            {stats.state === 'ready' ? stats.value[key] : <Skeleton className="h-8 w-10" />}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
