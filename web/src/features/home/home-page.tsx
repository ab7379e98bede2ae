import { CommunitySection } from './community-section';
import { ExploreSection } from './home-sections';
import { RecentTreasures } from './recent-treasures';
import { Hero } from './hero';

/** Home (docs/product/home.md#screens): hero, recent finds, community, then links to the rest of the app. */
export function HomePage() {
  return (
    <>
      <Hero />
      <div className="mx-auto max-w-7xl space-y-14 px-4 py-12">
        <RecentTreasures />
        <CommunitySection />
        <ExploreSection />
      </div>
    </>
  );
}
