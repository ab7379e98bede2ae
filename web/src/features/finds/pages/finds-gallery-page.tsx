/**
 * Finds Gallery (docs/product/finds.md#screens, /finds): 'Treasure Finds Gallery', search by title,
 * description or location, a period filter, Share Your Find, and the cards — read from the local store, so it
 * opens offline and shows finds logged in the field at once, marked as waiting to sync.
 */
import { Package, Plus } from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { OFFICIAL_USER_ID } from '@schema/contracts/constants';
import { ALL_PERIODS_LABEL, FIND_PERIODS, findMessages } from '@schema/contracts/finds-constants';
import { Button, buttonClasses } from '@web/components/ui/button';
import { fieldClasses } from '@web/components/ui/input';
import { SearchInput } from '@web/components/ui/search-input';
import { ListEnd, type ListEndTexts } from '@web/components/ui/list-end';
import { Label } from '@web/components/ui/label';
import { PageContainer, PageHeader } from '@web/components/ui/page-header';
import { toast } from '@web/components/ui/toast';
import { useCurrentUser } from '@web/db/current-user';
import type { LocalFind } from '@web/db/database';
import { useEndBootPreview } from '@web/lib/boot-shell';
import { formatCount } from '@web/lib/numbers';
import { useUiStore } from '@web/lib/ui-store';
import { useInflightUids, useInitialSync, usePendingRecords } from '@web/sync';
import { DeleteFindDialog } from '../components/delete-find-dialog';
import { EditFindDialog } from '../components/edit-find-dialog';
import { FindCard } from '../components/find-card';
import { CardSkeleton, FindsGrid, SKELETON_GRID_CLASSES } from '../components/finds-grid';
import { ShareFindDialog } from '../components/share-find-dialog';
import { useOwnLikes } from '../hooks/use-finds';
import { useGalleryList } from '../hooks/use-gallery-list';

export const FINDS_EMPTY_TEXT = 'No treasure finds available. Be the first to add one!';
export const FINDS_ERROR_TEXT = 'Error loading finds. Please try again later.';
export const OLDER_FINDS_TEXTS: ListEndTexts = {
  offline: 'Older finds need a connection',
  more: 'Show older finds',
  loading: 'Loading older finds…',
  failed: 'Could not load older finds.',
};
/** A search online: the server's results, page by page. */
const MORE_RESULTS_TEXTS: ListEndTexts = {
  ...OLDER_FINDS_TEXTS,
  more: 'Show more results',
  loading: 'Loading results…',
  failed: 'Could not load more results.',
};

export function FindsGalleryPage() {
  const id = useId();
  const { user, loading: userLoading } = useCurrentUser();
  const openAuthDialog = useUiStore((s) => s.openAuthDialog);
  const [query, setQuery] = useState('');
  const [period, setPeriod] = useState('');
  // Typing stays responsive: the search over thousands of rows follows a frame behind.
  const deferredQuery = useDeferredValue(query);
  // Beyond what the device holds: the server's pages online, where the offline list ends otherwise (C17).
  const { uids: live, end } = useGalleryList(deferredQuery, period || null);
  const uids = live.state === 'ready' ? live.value : undefined;
  const pending = usePendingRecords('finds');
  const liked = useOwnLikes();
  const likesInflight = useInflightUids('find_likes');
  const initial = useInitialSync();
  const [sharing, setSharing] = useState(false);
  const [editing, setEditing] = useState<LocalFind | null>(null);
  const [deleting, setDeleting] = useState<LocalFind | null>(null);
  const filtered = query.trim() !== '' || period !== '';

  const [params, setParams] = useSearchParams();
  // The installed app's "Log a find" shortcut opens /finds?share=1 (vite.config.ts): signed in, the dialog
  // is open while the parameter is there and closing it removes the parameter (as ?edit=1 on a find).
  const shareRequested = params.get('share') === '1';
  const dropShareParam = useCallback(() => {
    setParams(
      (p) => {
        p.delete('share');
        return p;
      },
      { replace: true },
    );
  }, [setParams]);
  const shareOpen = sharing || (shareRequested && user !== null);
  function changeSharing(open: boolean) {
    setSharing(open);
    if (!open && shareRequested) dropShareParam();
  }
  // Signed out, the shortcut asks for a sign-in as the page's button does, once the stored member is known.
  useEffect(() => {
    if (!shareRequested || userLoading || user) return;
    promptSignIn(openAuthDialog);
    dropShareParam();
  }, [shareRequested, userLoading, user, openAuthDialog, dropShareParam]);

  function share() {
    if (!user) {
      promptSignIn(openAuthDialog);
      return;
    }
    setSharing(true);
  }

  return (
    <PageContainer>
      <PageHeader
        title="Treasure Finds Gallery"
        // On phones the cards matter more than the lead text: it shows from `sm` up.
        description={
          <span className="hidden sm:inline">
            Coins, buckles, brooches and more, unearthed and shared by the DigQuest community.
          </span>
        }
        actions={
          <>
            {/* The member's finds packed for their Finds Liaison Officer (docs/find-recording.md). */}
            {user ? (
              <Link to="/finds/pack" className={buttonClasses('outline')}>
                <Package aria-hidden="true" /> FLO pack
              </Link>
            ) : null}
            <Button onClick={share}>
              <Plus aria-hidden="true" /> Share Your Find
            </Button>
          </>
        }
      />
      <div className="mt-4 flex items-end gap-2 sm:mt-6 sm:gap-3" role="search">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <Label htmlFor={`${id}-q`} className="sr-only sm:not-sr-only">
            Search finds
          </Label>
          <SearchInput
            id={`${id}-q`}
            placeholder="Search finds"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <div className="flex w-36 flex-col gap-1.5 sm:w-56">
          <Label htmlFor={`${id}-period`} className="sr-only sm:not-sr-only">
            Period
          </Label>
          <select
            id={`${id}-period`}
            className={`${fieldClasses} min-h-11`}
            value={period}
            onChange={(e) => setPeriod(e.target.value)}
          >
            <option value="">{ALL_PERIODS_LABEL}</option>
            {FIND_PERIODS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="mt-4 text-sm text-stone-600 dark:text-stone-400" aria-live="polite">
        {uids ? `${formatCount(uids.length)} ${uids.length === 1 ? 'find' : 'finds'}` : '\u00a0'}
      </p>
      <section className="mt-4" aria-label="Finds" aria-busy={uids === undefined || undefined}>
        <GalleryBody
          uids={uids}
          initial={live.state === 'error' ? 'error' : initial}
          filtered={filtered}
          renderCard={(find) => (
            <FindCard
              find={find}
              user={user}
              pending={pending.get(find.uid)}
              liked={liked.has(find.uid)}
              likeInflight={likesInflight.has(find.uid)}
              canEdit={user?.id === find.userId}
              canDelete={user !== null && (user.id === find.userId || user.id === OFFICIAL_USER_ID)}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
          )}
        />
        {uids !== undefined && initial !== 'loading' ? (
          <ListEnd end={end} texts={query.trim() ? MORE_RESULTS_TEXTS : OLDER_FINDS_TEXTS} />
        ) : null}
      </section>
      {user ? <ShareFindDialog user={user} open={shareOpen} onOpenChange={changeSharing} /> : null}
      <EditFindDialog find={editing} user={user} onClose={() => setEditing(null)} />
      <DeleteFindDialog find={deleting} user={user} onClose={() => setDeleting(null)} />
    </PageContainer>
  );
}

/** Sharing needs an account: say so and open Sign in. */
function promptSignIn(openAuthDialog: (dialog: 'signIn') => void) {
  toast({ title: findMessages.authRequiredTitle, description: findMessages.loginToUpload });
  openAuthDialog('signIn');
}

interface GalleryBodyProps {
  uids: string[] | undefined;
  initial: ReturnType<typeof useInitialSync>;
  filtered: boolean;
  renderCard: (find: LocalFind) => React.ReactNode;
}

function GalleryBody({ uids, initial, filtered, renderCard }: GalleryBodyProps) {
  if (uids === undefined && initial === 'error') return <EmptyText>{FINDS_ERROR_TEXT}</EmptyText>;
  if (uids === undefined || (uids.length === 0 && !filtered && initial === 'loading')) {
    return (
      <div className={SKELETON_GRID_CLASSES}>
        {Array.from({ length: 8 }, (_, i) => (
          <CardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (uids.length === 0) {
    const text = filtered
      ? 'No finds match your search.'
      : initial === 'error'
        ? FINDS_ERROR_TEXT
        : FINDS_EMPTY_TEXT;
    return <EmptyText>{text}</EmptyText>;
  }
  return <FindsGrid uids={uids} renderCard={renderCard} />;
}

function EmptyText({ children }: { children: React.ReactNode }) {
  // Nothing to show, or an error: either way the page, not the server's first look, says so.
  useEndBootPreview(true);
  return (
    <p className="rounded-xl border border-dashed border-stone-300 px-4 py-12 text-center text-stone-600 dark:border-stone-700 dark:text-stone-400">
      {children}
    </p>
  );
}
