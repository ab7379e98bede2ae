/**
 * The first look of a content page, written into index.html's static shell on a first visit
 * (docs/architecture.md "First paint"): the page's heading and its first records, so the visitor sees the
 * finds or posts, and the browser paints the page's largest element, before the app's code has arrived.
 *
 * The markup copies the classes of the pages it stands for (web/src/features/finds/pages/*,
 * web/src/features/forum/pages/forum-page.tsx and their cards), so when the app takes over nothing visible
 * moves; change both together. `web/src/index.css` names this file as a Tailwind source, so every class here
 * is in the stylesheet. The shell is aria-hidden and holds nothing to focus: the app's page, with its links
 * and buttons, replaces it once it has its data (web/src/lib/boot-shell.ts).
 */
import {
  FIND_CARD_IMAGE_SIZES,
  FIND_DETAIL_IMAGE_SIZES,
  findPhotoSrcset,
} from '@schema/contracts/find-photos';
import { ALL_PERIODS_LABEL, locationLabel, type Find } from '@schema/contracts/finds';
import { forumMessages, postPreview, type Post } from '@schema/contracts/forum';
import { BADGE_BASE_CLASSES, periodBadgeClasses } from '@schema/contracts/period-badge-classes';
import { maskEmailLike } from '@schema/contracts/users';
import { escapeAttribute } from './lib/page-hints';

/** How many records a preview shows: the gallery's loading grid has 8 cards, the forum's 3 posts. */
export const PREVIEW_FINDS = 8;
export const PREVIEW_POSTS = 3;

type Html = string;

/** Counts and their nouns as the forum writes them (web/src/features/forum/model/format.ts countLabel). */
const EN_GB_NUMBER = new Intl.NumberFormat('en-GB');
const countLabel = (n: number, one: string) => `${EN_GB_NUMBER.format(n)} ${n === 1 ? one : `${one}s`}`;

/**
 * '5 Mar 2024' as web/src/lib/dates.ts formatDay writes it, on the UK's calendar (the browser uses its own
 * time zone: for a find logged abroad near midnight the app's date may differ by a day).
 */
const UK_DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
});
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const part = (type: string) => UK_DAY.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${MONTHS[Number(part('month')) - 1] ?? ''} ${part('year')}`;
}

/** The lucide icons the pages draw here (their path data), at the size and stroke lucide-react gives them. */
const ICONS = {
  plus: '<path d="M5 12h14"/><path d="M12 5v14"/>',
  mapPin:
    '<path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0"/><circle cx="12" cy="10" r="3"/>',
  search: '<path d="m21 21-4.34-4.34"/><circle cx="11" cy="11" r="8"/>',
  arrowLeft: '<path d="m12 19-7-7 7-7"/><path d="M19 12H5"/>',
  arrowBigUp:
    '<path d="M9 19a1 1 0 0 0 1 1h4a1 1 0 0 0 1-1v-6a1 1 0 0 1 1-1h3.293a.707.707 0 0 0 .5-1.207l-7.086-7.086a1 1 0 0 0-1.414 0l-7.086 7.086a.707.707 0 0 0 .5 1.207H8a1 1 0 0 1 1 1z"/>',
  messageCircle:
    '<path d="M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719"/>',
  heart:
    '<path d="M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5"/>',
  calendarDays:
    '<path d="M8 2v3"/><path d="M16 2v3"/><rect x="3" y="3" width="18" height="18" rx="2"/><path d="M3 9h18"/><path d="M8 13h.01"/><path d="M12 13h.01"/><path d="M16 13h.01"/><path d="M8 17h.01"/><path d="M12 17h.01"/><path d="M16 17h.01"/>',
  eye: '<path d="M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0"/><circle cx="12" cy="12" r="3"/>',
} as const;

function icon(name: keyof typeof ICONS, classes: string): Html {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="${classes}">${ICONS[name]}</svg>`;
}

function periodBadge(period: string, extra = ''): Html {
  return `<span class="${BADGE_BASE_CLASSES} ${periodBadgeClasses(period)}${extra}">${text(period || 'Unknown')}</span>`;
}

const text = (value: string) => escapeAttribute(value);
export const sameOrigin = (url: string) => url.startsWith('/') && !url.startsWith('//');

function attributes(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .flatMap(([name, value]) => (value === undefined ? [] : [` ${name}="${escapeAttribute(value)}"`]))
    .join('');
}

/** The preview's outermost element: the client keeps the shell up while its path is the page's. */
function wrap(pathname: string, body: Html): Html {
  return `<div id="boot-preview" data-path="${escapeAttribute(pathname)}">${body}</div>`;
}

/** PageHeader (web/src/components/ui/page-header.tsx), its h1 as a plain block: the shell is not read. */
function pageHeader(title: string, description: string, action: string, disabled = false): Html {
  return (
    `<div class="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">` +
    `<div class="flex flex-col gap-2">` +
    `<div class="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl dark:text-stone-50">${text(title)}</div>` +
    `<p class="max-w-2xl text-lg text-stone-600 dark:text-stone-400"><span class="hidden sm:inline">${text(description)}</span></p>` +
    `</div>` +
    `<div class="flex flex-wrap gap-2"><span class="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-lime-800 px-4 text-base font-medium whitespace-nowrap text-white shadow-sm${disabled ? ' opacity-50' : ''}">${icon('plus', 'size-4 shrink-0')}${text(action)}</span></div>` +
    `</div>`
  );
}

/**
 * A field of the page's search row (fieldClasses, min-h-11): a search box shows its placeholder where the
 * magnifier leaves room (SearchInput's pl-9), a select its value.
 */
function field(content: string, kind: 'search' | 'select'): Html {
  const look =
    kind === 'search' ? 'pl-9 text-stone-400 dark:text-stone-500' : 'text-stone-900 dark:text-stone-100';
  const box = `<div class="flex min-h-11 w-full items-center truncate rounded-lg border border-stone-300 bg-white px-3 text-base dark:border-stone-600 dark:bg-stone-900 ${look}">${text(content)}</div>`;
  if (kind === 'select') return box;
  return `<div class="relative">${icon('search', 'pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-stone-400')}${box}</div>`;
}

function fieldLabel(label: string): Html {
  return `<span class="sr-only text-sm font-medium text-stone-800 sm:not-sr-only dark:text-stone-200">${text(label)}</span>`;
}

/** FindImage (web/src/features/finds/components/find-image.tsx): the same file, srcset and sizes. */
function photo(find: Find, variant: 'card' | 'detail', classes: string, first: boolean): Html {
  const src = variant === 'card' ? find.thumbUrl || find.imageUrl : find.imageUrl;
  // Only the app's own photos: the CSP allows no other host, and the shell asks nothing of one.
  if (!src || !sameOrigin(src)) return `<div class="${classes} bg-stone-200 dark:bg-stone-800"></div>`;
  const srcset = sameOrigin(find.thumbUrl) ? findPhotoSrcset(find.thumbUrl, find.imageUrl) : undefined;
  const sizes = variant === 'card' ? FIND_CARD_IMAGE_SIZES : FIND_DETAIL_IMAGE_SIZES;
  return `<img${attributes({
    src,
    srcset,
    sizes: srcset ? sizes : undefined,
    alt: find.title,
    // As the page asks for them (image-priority.ts): the first photo at once and first, the rest when near.
    loading: first ? 'eager' : 'lazy',
    fetchpriority: first ? 'high' : undefined,
    class: `${classes} bg-stone-200 dark:bg-stone-800`,
  })}>`;
}

/** FindCard (web/src/features/finds/components/find-card.tsx) without its controls. */
function findCard(find: Find, index: number): Html {
  return (
    `<div class="flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white dark:border-stone-700 dark:bg-stone-900">` +
    `<div class="relative"><span class="block overflow-hidden">${photo(find, 'card', 'aspect-[4/3] w-full object-cover', index === 0)}</span>` +
    `<span class="pointer-events-none absolute left-2 top-2 right-2 flex flex-wrap gap-1">${periodBadge(find.period, ' shadow-sm')}</span></div>` +
    `<div class="relative flex flex-1 flex-col gap-1 p-2.5 sm:p-3">` +
    `<div class="truncate text-base font-semibold sm:text-lg">${text(find.title)}</div>` +
    `<p class="flex items-center gap-1 truncate text-sm text-stone-600 dark:text-stone-400">${icon('mapPin', 'size-4 shrink-0')}<span class="truncate">${text(locationLabel(find.location))}</span></p>` +
    // The like and comment counts as a signed-out visitor sees them.
    `<div class="mt-auto flex items-center gap-1 pt-1">` +
    `<span class="inline-flex min-h-9 items-center justify-center gap-2 gap-1.5 rounded-lg px-3 px-2 text-sm font-medium whitespace-nowrap text-stone-800 dark:text-stone-100">${icon('heart', 'size-4 shrink-0')}<span>${EN_GB_NUMBER.format(find.likes)}</span></span>` +
    `<span class="inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2 text-sm text-stone-700 dark:text-stone-200">${icon('messageCircle', 'size-4')}<span>${EN_GB_NUMBER.format(find.commentCount)}</span></span>` +
    `</div>` +
    `</div></div>`
  );
}

/** `/finds`: Treasure Finds Gallery with the newest finds, as web/src/features/finds/pages/finds-gallery-page.tsx. */
export function galleryPreview(finds: readonly Find[]): Html {
  if (finds.length === 0) return '';
  const cards = finds.map((find, i) => `<li>${findCard(find, i)}</li>`).join('');
  return wrap(
    '/finds',
    `<div class="mx-auto w-full max-w-7xl px-4 py-8 sm:py-10">` +
      pageHeader(
        'Treasure Finds Gallery',
        'Coins, buckles, brooches and more, unearthed and shared by the DigQuest community.',
        'Share Your Find',
      ) +
      `<div class="mt-4 flex items-end gap-2 sm:mt-6 sm:gap-3">` +
      `<div class="flex min-w-0 flex-1 flex-col gap-1.5">${fieldLabel('Search finds')}${field('Search finds', 'search')}</div>` +
      `<div class="flex w-36 flex-col gap-1.5 sm:w-56">${fieldLabel('Period')}${field(ALL_PERIODS_LABEL, 'select')}</div>` +
      `</div>` +
      `<p class="mt-4 text-sm text-stone-600 dark:text-stone-400">&nbsp;</p>` +
      `<div class="mt-4"><ul class="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4">${cards}</ul></div>` +
      `</div>`,
  );
}

/** `/finds/{id}`: the find's heading, photo and description, as find-detail-page.tsx lays them out. */
export function findPreview(pathname: string, find: Find | null): Html {
  if (!find) return '';
  const description = find.description
    ? `<p class="whitespace-pre-wrap break-words text-lg leading-relaxed">${text(find.description)}</p>`
    : '';
  return wrap(
    pathname,
    `<div class="mx-auto w-full max-w-4xl px-4 py-8 sm:py-10 flex flex-col gap-6">` +
      `<span class="inline-flex min-h-11 items-center gap-2 self-start px-1 font-medium text-lime-800 dark:text-lime-400">${icon('arrowLeft', 'size-4 shrink-0')}Back to Finds Gallery</span>` +
      `<div class="flex flex-col gap-3">` +
      `<div class="flex flex-wrap items-center gap-2">${periodBadge(find.period)}</div>` +
      `<div class="break-words text-3xl font-bold tracking-tight sm:text-4xl">${text(find.title)}</div>` +
      `<div class="flex flex-wrap gap-x-5 gap-y-1 text-stone-700 dark:text-stone-300"><span class="flex items-center gap-1.5">${icon('mapPin', 'size-4')} ${text(find.location || 'Unknown Location')}</span>` +
      `<span class="flex items-center gap-1.5">${icon('calendarDays', 'size-4')}${text(formatDay(find.created_at))}</span></div>` +
      `</div>` +
      photo(find, 'detail', 'aspect-[4/3] max-h-[70vh] w-full rounded-xl object-contain', true) +
      // The like button as a signed-out visitor sees it (a heart and the count).
      `<div class="flex flex-wrap items-center gap-2"><span class="inline-flex min-h-11 items-center justify-center gap-2 gap-1.5 rounded-lg px-4 px-2 text-base font-medium whitespace-nowrap text-stone-800 dark:text-stone-100">${icon('heart', 'size-4 shrink-0')}<span>${EN_GB_NUMBER.format(find.likes)}</span></span></div>` +
      description +
      `</div>`,
  );
}

/** PostCard (web/src/features/forum/components/post-card.tsx) without its controls and photo. */
function postCard(post: Post): Html {
  const name = maskEmailLike(post.username);
  return (
    `<div class="flex gap-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm dark:border-stone-700 dark:bg-stone-900">` +
    `<div class="flex min-w-0 flex-1 flex-col gap-2">` +
    `<div class="flex flex-wrap items-center gap-2 text-sm text-stone-600 dark:text-stone-400">` +
    (post.categoryName
      ? `<span class="${BADGE_BASE_CLASSES} bg-stone-200 text-stone-800 dark:bg-stone-700 dark:text-stone-100">${text(post.categoryName)}</span>`
      : '') +
    `</div>` +
    `<div class="break-words text-lg font-semibold leading-snug">${text(post.title)}</div>` +
    `<p class="break-words text-stone-700 dark:text-stone-300">${text(postPreview(post.content))}</p>` +
    `<div class="text-sm"><span class="flex min-w-0 items-center gap-2"><span class="size-8 shrink-0 rounded-full bg-stone-200 dark:bg-stone-700"></span><span class="truncate font-medium">${text(name)}</span></span></div>` +
    // Promote, comments and views as the card draws them signed out (they wrap to two lines on a phone).
    `<div class="mt-1 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-stone-600 dark:text-stone-400">` +
    `<span class="inline-flex min-h-9 items-center justify-center gap-2 gap-1.5 rounded-lg border border-stone-300 bg-white px-3 text-sm font-medium whitespace-nowrap text-stone-900 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100">` +
    `${icon('arrowBigUp', 'size-4 shrink-0')}<span>Promote</span><span class="tabular-nums">${EN_GB_NUMBER.format(post.likes)}</span></span>` +
    `<span class="flex min-h-9 items-center gap-1">${icon('messageCircle', 'size-4')} ${countLabel(post.comments, 'comment')}</span>` +
    `<span class="flex items-center gap-1">${icon('eye', 'size-4')} ${countLabel(post.views, 'view')}</span>` +
    `</div>` +
    `</div></div>`
  );
}

/** `/forum`: Community Forum with the newest posts, as web/src/features/forum/pages/forum-page.tsx. */
export function forumPreview(posts: readonly Post[]): Html {
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
      `<ul class="flex flex-col gap-4">${posts.map((post) => `<li>${postCard(post)}</li>`).join('')}</ul>` +
      `</div></div></div>`,
  );
}
