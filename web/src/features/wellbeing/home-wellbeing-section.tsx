/**
 * Home → Wellbeing (docs/product/home.md, docs/product/stories.md "Screens"): the mental and physical
 * benefit cards, the three newest community stories (the three sample stories only while there are none),
 * Share Your Story (disabled, with its reason, when signed out) and a read-more link to /wellbeing. The app
 * shell hands this section to the home page (features do not import each other).
 */
import { ArrowRight, Heart } from 'lucide-react';
import { Link } from 'react-router';
import { HOME_STORIES } from '@schema/contracts/stories-constants';
import { buttonClasses } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCurrentUser } from '@web/db/current-user';
import { BenefitCards, SampleStories } from './components/hub-sections';
import { ShareStoryButton } from './components/share-story-button';
import { StoryList } from './components/story-list';
import { useRecentStories } from './hooks/use-stories';

export function HomeWellbeingSection() {
  const { user, loading } = useCurrentUser();
  const stories = useRecentStories(HOME_STORIES);
  return (
    <section aria-labelledby="wellbeing" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h2 id="wellbeing" className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <Heart className="size-7 text-amber-700" aria-hidden="true" /> Wellbeing
        </h2>
        <p className="max-w-3xl text-stone-700 dark:text-stone-300">
          Detecting gets you outside, walking and noticing, often in good company. Here is why it is good for
          you, and what members say it has done for them.
        </p>
      </div>
      <BenefitCards compact />
      <h3 className="text-xl font-semibold">Stories from the community</h3>
      {stories.state === 'loading' ? (
        <div className="grid gap-4 md:grid-cols-3" aria-hidden="true">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : stories.state === 'error' ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          Stories could not be loaded. Please try again later.
        </p>
      ) : stories.value.length === 0 ? (
        <SampleStories />
      ) : (
        <StoryList stories={stories.value} user={user} />
      )}
      <div className="flex flex-wrap items-start gap-4">
        <ShareStoryButton user={user} loading={loading} />
        <Link to="/wellbeing" className={buttonClasses('outline')}>
          Read more about wellbeing <ArrowRight aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
