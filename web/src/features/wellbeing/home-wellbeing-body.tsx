/**
 * The home Wellbeing section's body (home-wellbeing-section.tsx holds its heading): the benefit cards, the
 * three newest community stories (the three sample stories only while there are none), Share Your Story and
 * the read-more link. Loaded as the section comes near the screen.
 */
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { HOME_STORIES } from '@schema/contracts/stories-constants';
import { buttonClasses } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCurrentUser } from '@web/db/current-user';
import { BenefitCards, SampleStories } from './components/hub-sections';
import { ShareStoryButton } from './components/share-story-button';
import { StoryList } from './components/story-list';
import { useRecentStories } from './hooks/use-stories';

export function HomeWellbeingBody() {
  const { user, loading } = useCurrentUser();
  const stories = useRecentStories(HOME_STORIES);
  return (
    <>
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
    </>
  );
}
