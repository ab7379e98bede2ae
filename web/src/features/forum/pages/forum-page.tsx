/**
 * Forum (docs/product/forum.md#screens, /forum): title/content search, the ?category= filter, tabs Recent
 * Posts, Most Popular (views) and My Posts (signed in), the category sidebar with counts, guidelines, and New
 * Post. Read from the local store, so it opens and searches offline and shows posts written without signal at
 * once.
 */
import { Plus } from 'lucide-react';
import { useDeferredValue, useEffect, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { forumMessages } from '@schema/contracts/forum-constants';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { SearchInput } from '@web/components/ui/search-input';
import { ListEnd, type ListEndTexts } from '@web/components/ui/list-end';
import { Label } from '@web/components/ui/label';
import { PageContainer, PageHeader } from '@web/components/ui/page-header';
import { toast } from '@web/components/ui/toast';
import { useCurrentUser } from '@web/db/current-user';
import type { LocalCategory, LocalPost } from '@web/db/database';
import { useUiStore } from '@web/lib/ui-store';
import { useInitialSync } from '@web/sync';
import { DeletePostDialog } from '../components/delete-post-dialog';
import { CategorySidebar, GuidelinesCard } from '../components/forum-sidebar';
import { NewPostDialog } from '../components/new-post-dialog';
import { KeepCategoryOffline } from '../components/keep-category-offline';
import { EmptyText, PostList, PostSkeletons } from '../components/post-list';
import { useCategories, type ForumTab } from '../hooks/use-forum';
import { usePostList } from '../hooks/use-post-list';

export const POSTS_ERROR_TEXT = 'Error loading posts. Please try again later.';
export const POSTS_EMPTY_TEXT = 'No posts yet. Start the first discussion!';
export const OLDER_POSTS_TEXTS: ListEndTexts = {
  offline: 'Older posts need a connection',
  more: 'Load older posts',
  loading: 'Loading older posts…',
  failed: 'Could not load older posts.',
};
/** A search or Most Popular online: the server's results, page by page. */
const MORE_RESULTS_TEXTS: ListEndTexts = {
  ...OLDER_POSTS_TEXTS,
  more: 'Show more results',
  loading: 'Loading results…',
  failed: 'Could not load more results.',
};

const TABS: { id: ForumTab; label: string }[] = [
  { id: 'recent', label: 'Recent Posts' },
  { id: 'popular', label: 'Most Popular' },
  { id: 'mine', label: 'My Posts' },
];

/** ?category= holds a category id or slug (the server accepts both). */
function resolveCategory(raw: string | null, categories: readonly LocalCategory[]): LocalCategory | null {
  if (!raw) return null;
  return categories.find((c) => String(c.id) === raw || c.slug === raw.toLowerCase()) ?? null;
}

export function ForumPage() {
  const id = useId();
  const navigate = useNavigate();
  const { user, loading: userLoading } = useCurrentUser();
  const openAuthDialog = useUiStore((s) => s.openAuthDialog);
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const requestedTab = params.get('tab');
  const tab: ForumTab =
    requestedTab === 'popular' || (requestedTab === 'mine' && user) ? requestedTab : 'recent';
  const categories = useCategories();
  const rawCategory = params.get('category');
  const category = categories.state === 'ready' ? resolveCategory(rawCategory, categories.value) : null;
  // An unknown category matches nothing (as on the server), rather than silently showing everything.
  const categoryId = rawCategory ? (category?.id ?? -1) : null;
  // Beyond what the device holds: the server's pages online, where the offline list ends otherwise (C17).
  const { uids: live, end } = usePostList({
    query: deferredQuery,
    categoryId,
    tab,
    userId: user?.id ?? null,
  });
  const initial = useInitialSync();
  // Home's New Post button links here with ?new=1: the dialog opens over the forum.
  const [creating, setCreating] = useState(() => params.get('new') === '1');
  // A visitor who followed such a link is asked to sign in (and told why); signing in opens the dialog.
  const askToSignIn = creating && !userLoading && !user;
  useEffect(() => {
    if (!askToSignIn) return;
    openAuthDialog('signIn');
    toast({ title: forumMessages.authenticationRequiredTitle, description: forumMessages.loginToPost });
  }, [askToSignIn, openAuthDialog]);
  const [deleting, setDeleting] = useState<LocalPost | null>(null);
  const filtered = query.trim() !== '' || rawCategory !== null || tab === 'mine';

  function setCreatingOpen(open: boolean) {
    setCreating(open);
    if (!open && params.has('new')) {
      setParams(
        (p) => {
          p.delete('new');
          return p;
        },
        { replace: true },
      );
    }
  }

  function selectTab(next: ForumTab) {
    setParams(
      (p) => {
        if (next === 'recent') p.delete('tab');
        else p.set('tab', next);
        return p;
      },
      { replace: true },
    );
  }

  const uids = live.state === 'ready' ? live.value : undefined;
  const serverOrder = deferredQuery.trim() !== '' || tab === 'popular';
  const listEnd =
    initial !== 'loading' ? (
      <ListEnd end={end} texts={serverOrder ? MORE_RESULTS_TEXTS : OLDER_POSTS_TEXTS} />
    ) : null;
  let body: React.ReactNode;
  if (live.state === 'error' || (uids?.length === 0 && !filtered && initial === 'error'))
    body = <EmptyText>{POSTS_ERROR_TEXT}</EmptyText>;
  else if (!uids || (uids.length === 0 && !filtered && initial === 'loading')) body = <PostSkeletons />;
  else if (uids.length === 0) {
    body = (
      <EmptyText>
        {query.trim()
          ? 'No posts match your search.'
          : tab === 'mine'
            ? 'You have not posted yet.'
            : rawCategory
              ? 'No posts in this category yet.'
              : POSTS_EMPTY_TEXT}
      </EmptyText>
    );
    body = (
      <>
        {body}
        {listEnd}
      </>
    );
  } else
    body = (
      <PostList
        key={`${tab}|${categoryId}|${deferredQuery}`}
        uids={uids}
        user={user}
        onDelete={setDeleting}
        after={listEnd}
      />
    );

  return (
    <PageContainer>
      <PageHeader
        title="Community Forum"
        description={
          <span className="hidden sm:inline">
            Questions, find stories and tips from detectorists across the country.
          </span>
        }
        actions={
          <Button
            onClick={() => setCreating(true)}
            disabled={!user}
            title={user ? undefined : forumMessages.loginToPost}
          >
            <Plus aria-hidden="true" /> New Post
          </Button>
        }
      />
      {!user ? (
        <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">{forumMessages.loginToPost}</p>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <div role="search" className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-q`} className="sr-only">
              Search posts
            </Label>
            <SearchInput
              id={`${id}-q`}
              placeholder="Search posts by title or content"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
          <div
            role="tablist"
            aria-label="Posts"
            className="flex gap-1 overflow-x-auto rounded-xl bg-stone-100 p-1 dark:bg-stone-800"
          >
            {TABS.filter((t) => t.id !== 'mine' || user).map((t) => (
              <button
                key={t.id}
                type="button"
                role="tab"
                aria-selected={tab === t.id}
                className={cn(
                  'min-h-10 flex-1 whitespace-nowrap rounded-lg px-3 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-lime-600',
                  tab === t.id
                    ? 'bg-white shadow-sm dark:bg-stone-900'
                    : 'text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-stone-100',
                )}
                onClick={() => selectTab(t.id)}
              >
                {t.label}
              </button>
            ))}
          </div>
          {category || rawCategory ? (
            <p className="text-sm text-stone-700 dark:text-stone-300">
              Showing <strong>{category?.name ?? forumMessages.categoryNotFound}</strong>{' '}
              <Button variant="link" size="sm" onClick={() => void navigate('/forum')}>
                Show all categories
              </Button>
            </p>
          ) : null}
          {category ? <KeepCategoryOffline category={category} /> : null}
          <p className="sr-only" aria-live="polite">
            {uids ? `${uids.length} ${uids.length === 1 ? 'post' : 'posts'}` : ''}
          </p>
          <section
            role="tabpanel"
            aria-label={TABS.find((t) => t.id === tab)?.label}
            aria-busy={uids === undefined || undefined}
          >
            {body}
          </section>
        </div>
        <aside className="flex flex-col gap-6">
          <CategorySidebar categories={categories} selected={category?.id ?? null} />
          <GuidelinesCard />
        </aside>
      </div>
      {user ? (
        <NewPostDialog
          user={user}
          open={creating}
          onOpenChange={setCreatingOpen}
          defaultCategoryId={category?.id ?? null}
        />
      ) : null}
      <DeletePostDialog post={deleting} user={user} onClose={() => setDeleting(null)} />
    </PageContainer>
  );
}
