/**
 * The first look of a group's page (docs/architecture.md "First paint"), as
 * web/src/features/social/pages/group-page.tsx draws it for a visitor signed out: the cover, the name with
 * Public, the description, tags, member count, place and creator, and the rules, at the page's own sizes.
 * Only what GET /api/groups/{id} gives an anonymous visitor: a private group is not found, so it has none.
 * The discussion and the members below are left to the app.
 */
import type { Group } from '@schema/contracts/groups';
import { groupMessages } from '@schema/contracts/groups-constants';
import { BADGE_BASE_CLASSES } from '@schema/contracts/period-badge-classes';
import { maskEmailLike } from '@schema/contracts/users-display';
import { attributes, icon, sameOrigin, text, wrap, type Html } from './markup';

/** Badge variants (web/src/components/ui/badge.tsx) the page uses. */
const SECONDARY = 'bg-stone-200 text-stone-800 dark:bg-stone-700 dark:text-stone-100';
const OUTLINE = 'border border-stone-300 text-stone-700 dark:border-stone-600 dark:text-stone-300';

/** GroupCover, wide: only a photo of ours (the CSP's img-src, and no request to another host). */
function cover(url: string | null): Html {
  if (!url || !sameOrigin(url)) return '';
  return `<img${attributes({ src: url })} alt="" fetchpriority="high" decoding="async" class="w-full rounded-lg object-cover aspect-[3/1] max-h-72">`;
}

function tags(values: readonly string[]): Html {
  if (values.length === 0) return '';
  const tag = (value: string) =>
    `<li><span class="${BADGE_BASE_CLASSES} ${OUTLINE}">${icon('tag', 'size-3')}${text(value)}</span></li>`;
  return `<ul class="flex flex-wrap gap-1.5">${values.map(tag).join('')}</ul>`;
}

function rules(value: string | null): Html {
  if (!value) return '';
  return (
    `<section class="flex flex-col gap-1"><div class="text-lg font-semibold">Group rules</div>` +
    `<p class="whitespace-pre-wrap break-words text-stone-700 dark:text-stone-300">${text(value)}</p></section>`
  );
}

/** The cover photo the page shows first, for the server to ask for ahead of the app's code. */
export function groupCoverHint(group: Group | null): string | null {
  return group?.coverImageUrl && sameOrigin(group.coverImageUrl) ? group.coverImageUrl : null;
}

/** `/groups/{id or uid}`: the group's head and rules, as GroupView draws them for a visitor. */
export function groupPagePreview(pathname: string, group: Group | null): Html {
  if (!group || group.isPrivate) return '';
  const details =
    `<span class="flex items-center gap-1">${icon('users', 'size-4')} ${text(
      `${group.memberCount} ${group.memberCount === 1 ? 'member' : 'members'}`,
    )}</span>` +
    (group.location
      ? `<span class="flex items-center gap-1">${icon('mapPin', 'size-4')} ${text(group.location)}</span>`
      : '') +
    `<span>Created by <span>${text(maskEmailLike(group.creatorName))}</span></span>`;
  return wrap(
    pathname,
    `<div class="mx-auto w-full px-4 py-8 sm:py-10 flex max-w-4xl flex-col gap-6">` +
      `<div class="flex flex-col gap-6">` +
      cover(group.coverImageUrl) +
      `<div class="flex flex-col gap-3">` +
      `<div class="flex flex-wrap items-center gap-3">` +
      `<div class="text-3xl font-bold">${text(group.name)}</div>` +
      `<span class="${BADGE_BASE_CLASSES} ${SECONDARY}">${icon('globe', 'size-3')}Public</span>` +
      `</div>` +
      `<p class="text-stone-700 dark:text-stone-300">${text(group.description || groupMessages.noDescription)}</p>` +
      tags(group.tags) +
      `<div class="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600 dark:text-stone-400">${details}</div>` +
      // The row of Join and Report, empty for a visitor signed out, keeps its gap as the page does.
      `<div class="flex flex-wrap items-center gap-2"></div>` +
      `</div>` +
      rules(group.rules) +
      `</div></div>`,
  );
}
