import { Suspense, type ComponentType } from 'react';
import { CommunitySection, type EventAttendButton } from './community-section';
import { ExploreSection } from './home-sections';
import { MapSection } from './map-section';
import { RecentTreasures } from './recent-treasures';
import { Hero } from './hero';

/**
 * Home (docs/product/home.md#screens): hero, the welcome-tour banner and achievements card, recent finds,
 * community, the map and the wellbeing section (when the app shell hands them in: features don't import
 * each other), then links to the rest of the app.
 */
export function HomePage({
  mapSection,
  wellbeingSection: Wellbeing,
  achievementsSection: Achievements,
  eventAttendButton,
}: {
  mapSection?: ComponentType;
  wellbeingSection?: ComponentType;
  achievementsSection?: ComponentType;
  /** Attend on the Upcoming Events card (the events feature's). */
  eventAttendButton?: EventAttendButton;
}) {
  return (
    <>
      <Hero />
      <div className="mx-auto max-w-7xl space-y-14 px-4 py-12">
        {Achievements ? (
          <Suspense fallback={null}>
            <Achievements />
          </Suspense>
        ) : null}
        <RecentTreasures />
        <CommunitySection attendButton={eventAttendButton} />
        {mapSection ? <MapSection map={mapSection} /> : null}
        {Wellbeing ? (
          <Suspense fallback={<div className="min-h-96" aria-hidden="true" />}>
            <Wellbeing />
          </Suspense>
        ) : null}
        <ExploreSection />
      </div>
    </>
  );
}
