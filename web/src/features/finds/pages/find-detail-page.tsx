/**
 * Find detail (docs/product/finds.md#screens, /finds/{id}): title, period, location, date, photo (fallback on
 * error), description, the poster and their member-since date, likes, and comments; 'Find Not Found' with a
 * way back. Addressable by server id or, before it has synced, by uid. The exact find spot shows to the
 * finder only (the server never sends it to anyone else); others see the grid square the finder shares, if
 * any, and everyone the recording details (docs/find-recording.md). Opening a find pins it on this device, and one the
 * device does not hold (beyond the newest, web/src/sync/README.md C15) is read from the server.
 */
import { ArrowLeft, CalendarDays, MapPin, Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { OFFICIAL_USER_ID } from '@schema/contracts/constants';
import { FIND_DETAIL_IMAGE_SIZES } from '@schema/contracts/find-photos';
import { findMessages } from '@schema/contracts/finds-constants';
import { maskEmailLike } from '@schema/contracts/users';
import { MemberBadges } from '@web/components/member-badges';
import { HiddenNotice } from '@web/components/moderation/hidden-notice';
import { ReportButton } from '@web/components/moderation/report-button';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button, buttonClasses } from '@web/components/ui/button';
import { PageContainer } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCurrentUser } from '@web/db/current-user';
import type { LocalFind } from '@web/db/database';
import { metaDescription, PageTitle, usePageMeta } from '@web/lib/page-meta';
import { useDetailRecord, usePendingRecords } from '@web/sync';
import { DeleteFindDialog } from '../components/delete-find-dialog';
import { EditFindDialog } from '../components/edit-find-dialog';
import { FindComments } from '../components/find-comments';
import { FindImage } from '../components/find-image';
import { FindLikeButton } from '../components/like-button';
import { PeriodBadge } from '../components/period-badge';
import { FindSpotLine, RecordingDetailsView } from '../components/recording-details-view';
import { SyncMarker } from '@web/components/ui/sync-marker';
import { useEndBootPreview } from '@web/lib/boot-shell';
import { useFind, usePublicUser } from '../hooks/use-finds';
import { formatFindDate } from '../model/format';

/** The finder's Treasure card (docs/treasure.md): its own chunk, since only the finder ever sees it. */
const TreasureCard = lazy(() =>
  import('../treasure/components/treasure-card').then((m) => ({ default: m.TreasureCard })),
);

function BackLink() {
  return (
    <Link to="/finds" className={buttonClasses('link', 'sm', 'self-start')}>
      <ArrowLeft aria-hidden="true" /> Back to Finds Gallery
    </Link>
  );
}

/**
 * The photo's box: 4:3 (a phone photo's shape) at most 70% of the screen high, the photo contained in it.
 * The server sends no dimensions, so the box is reserved before the photo arrives and nothing below moves.
 */
const PHOTO_BOX = 'aspect-[4/3] max-h-[70vh] w-full rounded-xl';

export function FindDetailPage() {
  const { id = '' } = useParams();
  const record = useDetailRecord('finds', id, useFind(id));
  // The server's first look of this find (if any) gives way once the find, or its absence, is shown.
  useEndBootPreview(record.state !== 'waiting');
  if (record.state === 'found') return <FindDetail find={record.value} />;
  if (record.state === 'waiting') {
    return (
      // At least a screen high, like the page it stands for: the footer stays below the fold instead of
      // being pushed down (a layout shift) when the find arrives.
      <PageContainer className="min-h-dvh">
        <div className="flex flex-col gap-4" aria-busy="true">
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className={PHOTO_BOX} />
          <Skeleton className="h-24 w-full max-w-3xl" />
        </div>
      </PageContainer>
    );
  }
  return (
    <PageContainer className="flex flex-col items-start gap-4 py-16">
      <PageTitle title={findMessages.notFound} />
      <h1 className="text-3xl font-bold">{findMessages.notFound}</h1>
      <p className="text-stone-600 dark:text-stone-400">
        This find may have been removed by its finder
        {record.unreachable ? ', or it is not on this device and needs a connection' : ''}.
      </p>
      <Link to="/finds" className={buttonClasses()}>
        <ArrowLeft aria-hidden="true" /> Back to Finds Gallery
      </Link>
    </PageContainer>
  );
}

function FindDetail({ find }: { find: LocalFind }) {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const poster = usePublicUser(find.userId);
  const pending = usePendingRecords('finds').get(find.uid);
  const [editing, setEditing] = useState<LocalFind | null>(null);
  const [deleting, setDeleting] = useState<LocalFind | null>(null);
  const isOwner = user?.id === find.userId;
  const canDelete = user !== null && (isOwner || user.id === OFFICIAL_USER_ID);
  const posterName = maskEmailLike(poster?.username ?? find.username);
  // History, bookmarks and shared links name the find, not "Find".
  usePageMeta({
    title: find.title,
    description: metaDescription(find.description) || `${find.title}, ${find.location || 'Unknown Location'}`,
  });

  // "Edit" in the Not synced panel links here with ?edit=1: the form opens for the member to fix it.
  const editRequested = params.get('edit') === '1' && isOwner;
  const closeEdit = () => {
    setEditing(null);
    if (params.has('edit')) {
      setParams(
        (p) => {
          p.delete('edit');
          return p;
        },
        { replace: true },
      );
    }
  };

  return (
    <PageContainer className="flex max-w-4xl flex-col gap-6">
      <BackLink />
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <PeriodBadge period={find.period} />
          <SyncMarker state={pending} />
        </div>
        <h1 className="break-words text-3xl font-bold tracking-tight sm:text-4xl">{find.title}</h1>
        <div className="flex flex-wrap gap-x-5 gap-y-1 text-stone-700 dark:text-stone-300">
          <span className="flex items-center gap-1.5">
            <MapPin className="size-4" aria-hidden="true" /> {find.location || 'Unknown Location'}
          </span>
          <span className="flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden="true" />
            <time dateTime={find.created_at}>{formatFindDate(find.created_at)}</time>
          </span>
        </div>
      </header>
      <HiddenNotice record={find} isOwner={isOwner} entity="finds" id={find.id} />
      <FindImage
        find={find}
        variant="detail"
        priority="high"
        sizes={FIND_DETAIL_IMAGE_SIZES}
        className={`${PHOTO_BOX} object-contain`}
      />
      <div className="flex flex-wrap items-center gap-2">
        <FindLikeButton find={find} user={user} size="md" />
        {isOwner ? (
          <Button variant="outline" onClick={() => setEditing(find)}>
            <Pencil aria-hidden="true" /> Edit
          </Button>
        ) : null}
        {canDelete ? (
          <Button
            variant="outline"
            className="text-red-700 dark:text-red-400"
            onClick={() => setDeleting(find)}
          >
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        ) : null}
        <ReportButton
          entity="finds"
          id={find.id}
          authorId={find.userId}
          viewerId={user?.id ?? null}
          variant="outline"
          size="md"
        />
      </div>
      {find.description ? (
        <p className="whitespace-pre-wrap break-words text-lg leading-relaxed">{find.description}</p>
      ) : null}
      <FindSpotLine find={find} isOwner={isOwner} />
      <RecordingDetailsView find={find} isOwner={isOwner} />
      {isOwner ? (
        <Suspense fallback={null}>
          <TreasureCard find={find} />
        </Suspense>
      ) : null}
      <section
        aria-label="Posted by"
        className="flex items-center gap-3 rounded-xl border border-stone-200 p-4 dark:border-stone-700"
      >
        <UserAvatar username={posterName} avatarUrl={poster?.avatarUrl} size="md" />
        <div className="flex flex-col">
          <span className="flex flex-wrap items-center gap-2 font-semibold">
            {posterName}
            <MemberBadges userId={find.userId} username={poster?.username ?? find.username} />
          </span>
          {poster?.created_at ? (
            <span className="text-sm text-stone-600 dark:text-stone-400">
              Member since {formatFindDate(poster.created_at)}
            </span>
          ) : null}
        </div>
      </section>
      <FindComments find={find} user={user} />
      <EditFindDialog find={editing ?? (editRequested ? find : null)} user={user} onClose={closeEdit} />
      <DeleteFindDialog
        find={deleting}
        user={user}
        onClose={() => setDeleting(null)}
        onDeleted={() => void navigate('/finds')}
      />
    </PageContainer>
  );
}
