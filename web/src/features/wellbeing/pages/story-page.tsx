/**
 * One story (docs/product/stories.md "Screens", /wellbeing/stories/{id} — the id, or the uid before it has
 * synced): the whole story, its like button, Edit and Delete for the author (Delete for the moderator), and
 * the comments (the engagement module's). A spinner while it is looked up (one this device does not hold is
 * read from the server, web/src/sync/README.md C15); 'Story Not Found' with Back to Wellbeing otherwise.
 */
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { storyMessages } from '@schema/contracts/stories-constants';
import { HiddenNotice } from '@web/components/moderation/hidden-notice';
import { buttonClasses } from '@web/components/ui/button';
import { PageContainer } from '@web/components/ui/page-header';
import { Spinner } from '@web/components/ui/spinner';
import { useCurrentUser } from '@web/db/current-user';
import type { LocalStory } from '@web/db/database';
import { CommentsSection } from '@web/engagement';
import { useEndBootPreview } from '@web/lib/boot-shell';
import { metaDescription, PageTitle, usePageMeta } from '@web/lib/page-meta';
import { useDetailRecord } from '@web/sync';
import { StoryList } from '../components/story-list';
import { asEngaged, storyEngagement } from '../engagement';
import { addComment, deleteComment, editComment } from '../hooks/story-writes';
import { useStory, useStoryComments } from '../hooks/use-stories';

const BACK = (
  <Link to="/wellbeing" className={buttonClasses('link', 'sm', 'self-start')}>
    <ArrowLeft aria-hidden="true" /> Back to Wellbeing
  </Link>
);

export function StoryPage() {
  const { id = '' } = useParams();
  const record = useDetailRecord('stories', id, useStory(id));
  // The server's first look of this story (if any) gives way once the story, or its absence, is shown.
  useEndBootPreview(record.state !== 'waiting');
  if (record.state === 'found') return <StoryDetail story={record.value} />;
  if (record.state === 'waiting')
    return (
      <PageContainer className="flex min-h-dvh justify-center py-24">
        <Spinner size="lg" label="Loading story…" />
      </PageContainer>
    );
  return (
    <PageContainer className="flex flex-col items-start gap-4 py-16">
      <PageTitle title={storyMessages.notFound} />
      <h1 className="text-3xl font-bold">{storyMessages.notFound}</h1>
      <p className="text-stone-600 dark:text-stone-400">
        {storyMessages.notFoundText}
        {record.unreachable ? ' It may also need a connection to load.' : ''}
      </p>
      {BACK}
    </PageContainer>
  );
}

const writes = { addComment, editComment, deleteComment };

function StoryDetail({ story }: { story: LocalStory }) {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const comments = useStoryComments(story.uid);
  usePageMeta({
    title: `A story by ${story.username}`,
    description: metaDescription(story.content),
  });
  return (
    <PageContainer className="flex max-w-3xl flex-col gap-6">
      {BACK}
      <h1 className="text-3xl font-bold tracking-tight">A detectorist’s story</h1>
      <HiddenNotice record={story} isOwner={user?.id === story.userId} entity="stories" id={story.id} />
      <StoryList stories={[story]} user={user} clamp={false} onDeleted={() => void navigate('/wellbeing')} />
      <CommentsSection
        engagement={storyEngagement}
        writes={writes}
        parent={asEngaged(story)}
        comments={comments}
        user={user}
      />
    </PageContainer>
  );
}
