/**
 * The first look of the forum (docs/architecture.md "First paint"): its newest posts and a post's page, as
 * web/src/features/forum/pages/* and PostCard draw them, for a visitor signed out.
 */
import { forumMessages, postPreview, type Post } from '@schema/contracts/forum';
import { badgesFor, maskEmailLike } from '@schema/contracts/users';
import { BADGE_BASE_CLASSES } from '@schema/contracts/period-badge-classes';
import {
  backLink,
  countLabel,
  EN_GB_NUMBER,
  field,
  formatDay,
  icon,
  pageHeader,
  sameOrigin,
  secondaryBadge,
  text,
  wrap,
  type Html,
} from './markup';

/** The forum's loading list has 3 posts: its first look shows as many. */
export const PREVIEW_POSTS = 3;

/**
 * Author (web/src/features/forum/components/author.tsx): an avatar's place, the name as shown and the
 * member's badges ('Founder', 'Top Poster': MemberBadges) from `topPosters` as GET /api/badges names them.
 */
function author(post: Post, size: 'sm' | 'md', topPosters: readonly number[]): Html {
  const avatar = size === 'sm' ? 'size-8' : 'size-10';
  const badges = badgesFor({ id: post.userId, username: post.username }, topPosters)
    .map((badge) => `<span class="${BADGE_BASE_CLASSES} bg-amber-400 text-amber-950">${text(badge)}</span>`)
    .join('');
  return `<span class="flex min-w-0 items-center gap-2"><span class="${avatar} shrink-0 rounded-full bg-stone-200 dark:bg-stone-700"></span><span class="truncate font-medium">${text(maskEmailLike(post.username))}</span>${badges}</span>`;
}

/** Promote (PromoteButton, signed out), comments and views, as the card and the post's page show them. */
function counts(post: Post, commentsClasses: string): Html {
  return (
    `<span class="inline-flex min-h-9 items-center justify-center gap-2 gap-1.5 rounded-lg border border-stone-300 bg-white px-3 text-sm font-medium whitespace-nowrap text-stone-900 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100">` +
    `${icon('arrowBigUp', 'size-4 shrink-0')}<span>Promote</span><span class="tabular-nums">${EN_GB_NUMBER.format(post.likes)}</span></span>` +
    `<span class="${commentsClasses}">${icon('messageCircle', 'size-4')} ${countLabel(post.comments, 'comment')}</span>` +
    `<span class="flex items-center gap-1">${icon('eye', 'size-4')} ${countLabel(post.views, 'view')}</span>`
  );
}

/** PostCard (web/src/features/forum/components/post-card.tsx) without its photo, signed out. */
function postCard(post: Post, topPosters: readonly number[]): Html {
  return (
    `<div class="flex gap-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm dark:border-stone-700 dark:bg-stone-900">` +
    `<div class="flex min-w-0 flex-1 flex-col gap-2">` +
    `<div class="flex flex-wrap items-center gap-2 text-sm text-stone-600 dark:text-stone-400">` +
    (post.categoryName ? secondaryBadge(post.categoryName) : '') +
    `</div>` +
    `<div class="break-words text-lg font-semibold leading-snug">${text(post.title)}</div>` +
    `<p class="break-words text-stone-700 dark:text-stone-300">${text(postPreview(post.content))}</p>` +
    `<div class="text-sm">${author(post, 'sm', topPosters)}</div>` +
    // They wrap to two lines on a phone, as the card's do.
    `<div class="mt-1 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-stone-600 dark:text-stone-400">` +
    counts(post, 'flex min-h-9 items-center gap-1') +
    `</div>` +
    `</div></div>`
  );
}

/** `/forum`: Community Forum with the newest posts, as web/src/features/forum/pages/forum-page.tsx. */
export function forumPreview(posts: readonly Post[], topPosters: readonly number[]): Html {
  if (posts.length === 0) return '';
  const tab = (label: string, selected: boolean) =>
    `<span class="flex min-h-10 flex-1 items-center justify-center whitespace-nowrap rounded-lg px-3 text-sm font-medium ${selected ? 'bg-white shadow-sm dark:bg-stone-900' : 'text-stone-600 dark:text-stone-400'}">${text(label)}</span>`;
  return wrap(
    '/forum',
    `<div class="mx-auto w-full max-w-7xl px-4 py-8 sm:py-10">` +
      pageHeader(
        'Community Forum',
        'Questions, find stories and tips from detectorists across the country.',
        'New Post',
        true,
      ) +
      `<p class="mt-2 text-sm text-stone-600 dark:text-stone-400">${text(forumMessages.loginToPost)}</p>` +
      `<div class="mt-6 grid gap-6 lg:grid-cols-[1fr_18rem]"><div class="flex min-w-0 flex-col gap-4">` +
      field('Search posts by title or content', 'search') +
      `<div class="flex gap-1 overflow-x-auto rounded-xl bg-stone-100 p-1 dark:bg-stone-800">${tab('Recent Posts', true)}${tab('Most Popular', false)}</div>` +
      `<ul class="flex flex-col gap-4">${posts.map((post) => `<li>${postCard(post, topPosters)}</li>`).join('')}</ul>` +
      `</div></div></div>`,
  );
}

/** `/forum/post/{id}`: the post's heading, author, date, picture and text, as post-detail-page.tsx. */
export function postPagePreview(pathname: string, post: Post | null, topPosters: readonly number[]): Html {
  if (!post) return '';
  // PostImage: its 4:3 box, here loaded at once (it is on screen), and only from this server.
  const picture =
    post.imageUrl && sameOrigin(post.imageUrl)
      ? `<img src="${text(post.imageUrl)}" alt="${text(post.title)}" loading="eager" class="bg-stone-200 object-cover dark:bg-stone-800 aspect-[4/3] max-h-[60vh] w-full rounded-xl object-contain">`
      : '';
  return wrap(
    pathname,
    `<div class="mx-auto w-full max-w-4xl px-4 py-8 sm:py-10 flex flex-col gap-6">` +
      backLink('Back to Forum') +
      `<div class="flex flex-col gap-5"><div class="flex flex-col gap-3">` +
      // The category is a link around its badge on the page: the same inline box here.
      `<div class="flex flex-wrap items-center gap-2">${post.categoryName ? `<span>${secondaryBadge(post.categoryName)}</span>` : ''}</div>` +
      `<div class="break-words text-3xl font-bold tracking-tight sm:text-4xl">${text(post.title)}</div>` +
      `<div class="flex flex-col gap-2 text-stone-700 sm:flex-row sm:items-center sm:gap-x-5 dark:text-stone-300">` +
      `${author(post, 'md', topPosters)}<span class="flex items-center gap-1.5">${icon('calendarDays', 'size-4')}${text(formatDay(post.created_at))}</span></div>` +
      `</div>` +
      picture +
      `<p class="whitespace-pre-wrap break-words text-lg leading-relaxed">${text(post.content)}</p>` +
      `<div class="flex flex-wrap items-center gap-x-4 gap-y-2 text-stone-600 dark:text-stone-400">${counts(post, 'flex items-center gap-1')}</div>` +
      `</div></div>`,
  );
}
