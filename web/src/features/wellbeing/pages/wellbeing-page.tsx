/**
 * The Wellbeing Hub (docs/product/stories.md "Screens", /wellbeing): why detecting is good for body and
 * mind, how to start, the community's stories (newest first, read on from the server page by page, with
 * Share Your Story), upcoming events with Register for Events, and UK help lines. Written for people who
 * detect partly for their wellbeing: warm, not clinical. Stories are read from the device, so the hub opens
 * offline; a story shared offline shows at once, waiting to sync.
 */
import { useCurrentUser } from '@web/db/current-user';
import { ListEnd } from '@web/components/ui/list-end';
import { PageContainer, PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { useEndBootPreview } from '@web/lib/boot-shell';
import { usePageMeta } from '@web/lib/page-meta';
import { BenefitCards, GettingStarted, HelpLines, SampleStories } from '../components/hub-sections';
import { HubEvents } from '../components/hub-events';
import { ShareStoryButton } from '../components/share-story-button';
import { StoryList } from '../components/story-list';
import { useStoryFeed } from '../hooks/use-stories';

const LIST_END_TEXTS = {
  offline: 'Older stories need a connection',
  more: 'Show older stories',
  loading: 'Loading older stories…',
  failed: 'Could not load older stories.',
};

export function WellbeingPage() {
  usePageMeta({
    title: 'Wellbeing Hub',
    description: 'How metal detecting helps body and mind, stories from detectorists, and friendly events.',
  });
  return (
    <PageContainer className="flex flex-col gap-12">
      <PageHeader
        title="Wellbeing Hub"
        description="Fresh air, miles of gentle walking, patient focus and good company. However you came to detecting, you are welcome here, and so are your good days and your harder ones."
      />
      <section aria-labelledby="benefits" className="flex flex-col gap-4">
        <h2 id="benefits" className="text-2xl font-bold">
          How detecting helps
        </h2>
        <BenefitCards />
      </section>
      <section aria-labelledby="getting-started" className="flex flex-col gap-4">
        <h2 id="getting-started" className="text-2xl font-bold">
          Getting started
        </h2>
        <GettingStarted />
      </section>
      <CommunityStories />
      <HubEvents />
      <HelpLines />
    </PageContainer>
  );
}

function CommunityStories() {
  const { user, loading } = useCurrentUser();
  const { stories, end } = useStoryFeed();
  // The server's first look of the hub (if any) gives way once the stories, or their absence, are shown.
  useEndBootPreview(stories.state !== 'loading');
  return (
    <section aria-labelledby="community-stories" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 id="community-stories" className="text-2xl font-bold">
            Community stories
          </h2>
          <p className="text-stone-700 dark:text-stone-300">
            Detectorists on what time in the fields has meant to them.
          </p>
        </div>
        <ShareStoryButton user={user} loading={loading} />
      </div>
      {stories.state === 'loading' ? (
        <div className="flex flex-col gap-4" aria-hidden="true">
          <Skeleton className="h-36 w-full" />
          <Skeleton className="h-36 w-full" />
        </div>
      ) : stories.state === 'error' ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          Stories could not be loaded. Please try again later.
        </p>
      ) : stories.value.length === 0 ? (
        <div className="flex flex-col gap-4">
          <p className="text-stone-700 dark:text-stone-300">
            No stories yet. Yours could be the first, and these examples show the kind of thing members share.
          </p>
          <SampleStories />
        </div>
      ) : (
        <>
          <StoryList stories={stories.value} user={user} />
          <ListEnd end={end} texts={LIST_END_TEXTS} />
        </>
      )}
    </section>
  );
}
