/**
 * "Organized by" (docs/product/events.md "Screens"): the organiser's avatar (their picture, else the one
 * generated from their name, else their initials), name and 'Event organizer'; 'Loading...' while it is
 * looked up, 'Organizer information unavailable' when it cannot be.
 */
import { maskEmailLike } from '@schema/contracts/users-display';
import { UserAvatar } from '@web/components/ui/avatar';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useOrganizer } from '../hooks/use-attendees';

export function OrganizerCard({ userId }: { userId: number }) {
  const organizer = useOrganizer(userId);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Organized by
        </CardTitle>
      </CardHeader>
      <CardContent>
        {organizer.state === 'ready' ? (
          <div className="flex items-center gap-3">
            <UserAvatar
              username={maskEmailLike(organizer.value.username)}
              avatarUrl={organizer.value.avatarUrl}
              size="md"
            />
            <div className="flex flex-col">
              <span className="font-semibold">{maskEmailLike(organizer.value.username)}</span>
              <span className="text-sm text-stone-600 dark:text-stone-400">Event organizer</span>
            </div>
          </div>
        ) : organizer.state === 'loading' ? (
          <p className="text-stone-600 dark:text-stone-400">Loading...</p>
        ) : (
          <p className="text-stone-600 dark:text-stone-400">Organizer information unavailable</p>
        )}
      </CardContent>
    </Card>
  );
}
