/**
 * The first look of the finds pages (docs/architecture.md "First paint"): the gallery's newest finds and a
 * find's page, as web/src/features/finds/pages/* and FindCard draw them, for a visitor signed out.
 */
import {
  FIND_CARD_IMAGE_SIZES,
  FIND_DETAIL_IMAGE_SIZES,
  findPhotoSrcset,
} from '@schema/contracts/find-photos';
import { ALL_PERIODS_LABEL, locationLabel, type Find } from '@schema/contracts/finds';
import {
  attributes,
  backLink,
  EN_GB_NUMBER,
  field,
  fieldLabel,
  formatDay,
  icon,
  likeCount,
  pageHeader,
  periodBadge,
  sameOrigin,
  text,
  wrap,
  type Html,
} from './markup';

/** The gallery's loading grid has 8 cards: its first look shows as many. */
export const PREVIEW_FINDS = 8;

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
    likeCount(find.likes) +
    `<span class="inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2 text-sm text-stone-700 dark:text-stone-200">${icon('messageCircle', 'size-4')}<span>${EN_GB_NUMBER.format(find.commentCount)}</span></span>` +
    `</div>` +
    `</div></div>`
  );
}

/** `/finds`: Treasure Finds Gallery with the newest finds, as features/finds/pages/finds-gallery-page.tsx. */
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
      backLink('Back to Finds Gallery') +
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
