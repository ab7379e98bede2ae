/**
 * Post detail (docs/product/forum.md#screens, /forum/post/{id}): author, category, content, picture, comment
 * and view counts, comments; the author (or the official account, as moderator) may delete it; 'Post not
 * found' with Back to Forum. Addressable by server id or, before it has synced, by uid. A view is counted
 * once per page open when online (S24). Opening a post pins it on this device, and one the device does not
 * hold (beyond the newest, web/src/sync/README.md C15) is read from the server.
 */
import { ArrowLeft, CalendarDays, Eye, MessageCircle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { OFFICIAL_USER_ID } from '@schema/contracts/constants';
import { forumMessages } from '@schema/contracts/forum-constants';
import { HiddenNotice } from '@web/components/moderation/hidden-notice';
import { ReportButton } from '@web/components/moderation/report-button';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClasses } from '@web/components/ui/button';
import { PageContainer } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCurrentUser } from '@web/db/current-user';
import type { LocalPost } from '@web/db/database';
import { metaDescription, PageTitle, usePageMeta } from '@web/lib/page-meta';
import { useDetailRecord, useInflight, useOnlineStatus, usePendingRecords } from '@web/sync';
import { Author } from '../components/author';
import { DeletePostDialog } from '../components/delete-post-dialog';
import { EditHiddenPost } from '../components/edit-hidden-post';
import { FixQueuedPost } from '../components/fix-queued-post';
import { PostComments } from '../components/post-comments';
import { PostImage } from '../components/post-image';
import { PromoteButton } from '../components/promote-button';
import { SyncMarker } from '@web/components/ui/sync-marker';
import { useCountView } from '../hooks/post-view';
import { useOwnPromotions, usePost, usePublicUser } from '../hooks/use-forum';
import { useEndBootPreview } from '@web/lib/boot-shell';
import { countLabel, formatDate } from '../model/format';

function BackLink() {
  return (
    <Link to="/forum" className={buttonClasses('link', 'sm', 'self-start')}>
      <ArrowLeft aria-hidden="true" /> Back to Forum
    </Link>
  );
}

export function PostDetailPage() {
  const { id = '' } = useParams();
  const record = useDetailRecord('posts', id, usePost(id));
  // The server's first look of this post (if any) gives way once the post, or its absence, is shown.
  useEndBootPreview(record.state !== 'waiting');
  if (record.state === 'found') return <PostDetail post={record.value} />;
  if (record.state === 'waiting') {
    return (
      // At least a screen high, so the footer is not pushed down when the post arrives.
      <PageContainer className="flex min-h-dvh max-w-4xl flex-col gap-6">
        <BackLink />
        <div className="flex max-w-3xl flex-col gap-4" aria-busy="true">
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-40 w-full" />
        </div>
      </PageContainer>
    );
  }
  return (
    <PageContainer className="flex flex-col items-start gap-4 py-16">
      <PageTitle title={forumMessages.postNotFound} />
      <h1 className="text-3xl font-bold">{forumMessages.postNotFound}</h1>
      <p className="text-stone-600 dark:text-stone-400">
        This post may have been removed by its author
        {record.unreachable ? ', or it is not on this device and needs a connection' : ''}.
      </p>
      <Link to="/forum" className={buttonClasses()}>
        <ArrowLeft aria-hidden="true" /> Back to Forum
      </Link>
    </PageContainer>
  );
}

function PostDetail({ post }: { post: LocalPost }) {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const author = usePublicUser(post.userId);
  const pending = usePendingRecords('posts').get(post.uid);
  const promoted = useOwnPromotions().has(post.uid);
  const promoteInflight = useInflight('post_likes', post.uid);
  const online = useOnlineStatus();
  const [deleting, setDeleting] = useState<LocalPost | null>(null);
  const canDelete = user !== null && (user.id === post.userId || user.id === OFFICIAL_USER_ID);
  // History, bookmarks and shared links name the post, not "Forum Post".
  usePageMeta({ title: post.title, description: metaDescription(post.content) });
  useCountView(post.id, post.uid, online);

  return (
    <PageContainer className="flex max-w-4xl flex-col gap-6">
      <BackLink />
      <article className="flex flex-col gap-5">
        <header className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            {post.categoryName ? (
              <Link to={`/forum?category=${post.categoryId}`}>
                <Badge variant="secondary">{post.categoryName}</Badge>
              </Link>
            ) : null}
            <SyncMarker state={pending} />
          </div>
          <h1 className="break-words text-3xl font-bold tracking-tight sm:text-4xl">{post.title}</h1>
          {/* The date on its own line on phones: badges arrive after the page (GET /api/badges) and would
              otherwise push it, and the picture under it, down a line. */}
          <div className="flex flex-col gap-2 text-stone-700 sm:flex-row sm:items-center sm:gap-x-5 dark:text-stone-300">
            <Author
              userId={post.userId}
              username={author?.username ?? post.username}
              avatarUrl={author?.avatarUrl}
              size="md"
            />
            <span className="flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden="true" />
              <time dateTime={post.created_at}>{formatDate(post.created_at)}</time>
            </span>
          </div>
        </header>
        <HiddenNotice record={post} isOwner={user?.id === post.userId} entity="posts" id={post.id} />
        <EditHiddenPost key={`${post.uid}-${post.title}-${post.content.length}`} post={post} user={user} />
        {user?.id === post.userId && pending === 'rejected' ? (
          <FixQueuedPost post={post} user={user} />
        ) : null}
        {/* A 4:3 box reserved before the picture arrives (no dimensions are sent): the text below stays put. */}
        <PostImage post={post} className="aspect-[4/3] max-h-[60vh] w-full rounded-xl object-contain" />
        <p className="whitespace-pre-wrap break-words text-lg leading-relaxed">{post.content}</p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-stone-600 dark:text-stone-400">
          <PromoteButton post={post} user={user} promoted={promoted} inflight={promoteInflight} />
          <span className="flex items-center gap-1">
            <MessageCircle className="size-4" aria-hidden="true" /> {countLabel(post.comments, 'comment')}
          </span>
          <span className="flex items-center gap-1">
            <Eye className="size-4" aria-hidden="true" /> {countLabel(post.views, 'view')}
          </span>
          {canDelete ? (
            <Button
              variant="outline"
              size="sm"
              className="ml-auto text-red-700 dark:text-red-400"
              onClick={() => setDeleting(post)}
            >
              <Trash2 aria-hidden="true" /> Delete Post
            </Button>
          ) : null}
          <ReportButton
            entity="posts"
            id={post.id}
            authorId={post.userId}
            viewerId={user?.id ?? null}
            variant="outline"
            className={canDelete ? undefined : 'ml-auto'}
          />
        </div>
      </article>
      <PostComments post={post} user={user} />
      <DeletePostDialog
        post={deleting}
        user={user}
        onClose={() => setDeleting(null)}
        onDeleted={() => void navigate('/forum')}
      />
    </PageContainer>
  );
}
