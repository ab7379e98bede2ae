/**
 * Placeholder pages for areas owned by later work (events).
 * Each keeps its final heading so links, titles and tests stay stable when the real page replaces it.
 */
import { ComingSoon } from './coming-soon';

const HOME = { to: '/', label: 'Back to Home' };
const GUIDES = { to: '/guides', label: 'Detecting guides' };

export function EventsPage() {
  return (
    <ComingSoon
      title="Detecting Events"
      description="Join fellow detectorists at group digs, rallies and club meetings."
      coming={[
        'Browse upcoming and past events',
        'Create an event and invite the community',
        'Say you are attending',
      ]}
      links={[HOME, { to: '/map', label: 'Detecting Map' }, GUIDES]}
    />
  );
}

export function CreateEventPage() {
  return (
    <ComingSoon
      title="Create New Event"
      description="Organise a group dig, rally or club meeting."
      coming={['Set a title, description, location and date', 'Share it with the community']}
      links={[{ to: '/events', label: 'Back to Events' }]}
    />
  );
}

export function EventDetailPage() {
  return (
    <ComingSoon
      title="Event details"
      description="The event's date, location, organiser and attendees will show here."
      coming={['See when and where it is', 'Join the event and share it']}
      links={[{ to: '/events', label: 'Back to Events' }, HOME]}
    />
  );
}
