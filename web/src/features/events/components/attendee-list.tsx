/**
 * Who is coming (docs/product/events.md "Screens"): each attendee's avatar and name, from the server
 * (public fields only), the organiser first and marked Organiser. The member's own join or leave shows at
 * once, before the server has it; offline the list says it needs a connection.
 */
import type { EventAttendee } from '@schema/contracts/events';
import type { SelfUser } from '@schema/contracts/users';
import { maskEmailLike } from '@schema/contracts/users-display';
import { UserAvatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { useAttendees } from '../hooks/use-attendees';

interface Person {
  id: number;
  username: string;
  avatarUrl: string | null;
  isOrganizer?: boolean;
}

/** The organiser first (an event made before they were counted lists them where they joined, if at all). */
export function organizerFirst(list: readonly Person[], organizerId: number): Person[] {
  const marked = list.map((p) => ({ ...p, isOrganizer: p.isOrganizer === true || p.id === organizerId }));
  return [...marked.filter((p) => p.isOrganizer), ...marked.filter((p) => !p.isOrganizer)];
}

/** The server's list with the member's own attendance as this device holds it. */
export function withOwnAttendance(
  list: readonly Person[],
  user: SelfUser | null,
  attending: boolean,
): Person[] {
  if (!user) return [...list];
  const others = list.filter((p) => p.id !== user.id);
  return attending
    ? [...others, { id: user.id, username: user.username, avatarUrl: user.avatarUrl }]
    : others;
}

export interface AttendeeListProps {
  eventRef: string | null;
  attendeeCount: number;
  organizerId: number;
  user: SelfUser | null;
  attending: boolean;
}

export function AttendeeList({ eventRef, attendeeCount, organizerId, user, attending }: AttendeeListProps) {
  const attendees = useAttendees(eventRef, attendeeCount);
  return (
    <section aria-labelledby="attendees-title" className="flex flex-col gap-3">
      <h2 id="attendees-title" className="text-xl font-semibold">
        Attendees
      </h2>
      {attendees.state === 'ready' ? (
        <People
          people={organizerFirst(
            withOwnAttendance(attendees.value satisfies EventAttendee[], user, attending),
            organizerId,
          )}
        />
      ) : attendees.state === 'loading' ? (
        <p className="text-stone-600 dark:text-stone-400">Loading attendees…</p>
      ) : attendees.state === 'offline' ? (
        attending && user ? (
          <People
            people={organizerFirst(
              [{ id: user.id, username: user.username, avatarUrl: user.avatarUrl }],
              organizerId,
            )}
            note
          />
        ) : (
          <p className="text-stone-600 dark:text-stone-400">The list of attendees needs a connection.</p>
        )
      ) : (
        <p className="text-stone-600 dark:text-stone-400">The list of attendees could not be loaded.</p>
      )}
    </section>
  );
}

function People({ people, note = false }: { people: Person[]; note?: boolean }) {
  if (people.length === 0)
    return <p className="text-stone-600 dark:text-stone-400">Nobody has joined yet.</p>;
  return (
    <>
      <ul className="flex flex-wrap gap-3" aria-label="Attendees">
        {people.map((p) => (
          <li
            key={p.id}
            className="flex items-center gap-2 rounded-full bg-stone-100 py-1 pl-1 pr-3 dark:bg-stone-800"
          >
            <UserAvatar username={maskEmailLike(p.username)} avatarUrl={p.avatarUrl} size="sm" />
            <span className="text-sm">{maskEmailLike(p.username)}</span>
            {p.isOrganizer ? <Badge variant="secondary">Organiser</Badge> : null}
          </li>
        ))}
      </ul>
      {note ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">Everyone else shows with a connection.</p>
      ) : null}
    </>
  );
}
