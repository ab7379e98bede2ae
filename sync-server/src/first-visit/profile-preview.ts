/**
 * The first look of a member's profile (docs/architecture.md "First paint"), as
 * web/src/features/social/pages/profile-page.tsx draws it for a visitor signed out: the avatar, the public
 * name (masked when it looks like an e-mail address), bio, years detecting and detector, and the four stat
 * tiles, at the page's own sizes. Only what GET /api/users/{id}/profile gives an anonymous visitor: never
 * an e-mail, and the finds below are left to the app (never a position in any case, docs/privacy.md).
 */
import type { PublicProfile, SocialStats } from '@schema/contracts/social';
import { initialsOf, maskEmailLike } from '@schema/contracts/users-display';
import { text, wrap, type Html } from './markup';

/** StatTiles (web/src/features/social/components/stat-tiles.tsx), in its order. */
const TILES = [
  ['Followers', 'followers'],
  ['Following', 'following'],
  ['Posts', 'posts'],
  ['Finds', 'finds'],
] as const satisfies readonly (readonly [string, keyof SocialStats])[];

const CARD =
  'rounded-xl border border-stone-200 bg-white text-stone-900 shadow-sm dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100';

function statTiles(stats: SocialStats): Html {
  const tile = ([label, key]: (typeof TILES)[number]) =>
    `<div class="${CARD} flex flex-col-reverse items-center gap-1 p-4">` +
    `<div class="text-sm text-stone-600 dark:text-stone-400">${text(label)}</div>` +
    `<div class="text-2xl font-bold">${stats[key]}</div></div>`;
  return `<div class="grid grid-cols-2 gap-4 sm:grid-cols-4">${TILES.map(tile).join('')}</div>`;
}

/**
 * UserAvatar size xl with its initials: the app's picture loads lazily over the same circle, so drawing
 * it here would only add a request ahead of the page's code.
 */
function avatar(name: string): Html {
  return `<span class="inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-lime-100 font-semibold text-lime-900 dark:bg-lime-900 dark:text-lime-100 size-24 text-3xl">${text(initialsOf(name))}</span>`;
}

function detail(label: string, value: string): Html {
  return `<div class="flex gap-1"><span class="text-stone-600 dark:text-stone-400">${text(label)}</span><span>${text(value)}</span></div>`;
}

/** `/users/{id}`: the profile's head and its four stats, as ProfilePage's Profile draws them. */
export function profilePagePreview(pathname: string, profile: PublicProfile | null): Html {
  if (!profile) return '';
  const name = maskEmailLike(profile.username);
  return wrap(
    pathname,
    `<div class="mx-auto w-full px-4 py-8 sm:py-10 flex min-h-dvh max-w-4xl flex-col gap-6">` +
      `<div class="flex flex-col gap-6">` +
      `<div class="flex flex-col items-center gap-4 sm:flex-row sm:items-start">` +
      avatar(name) +
      `<div class="flex flex-1 flex-col gap-2">` +
      `<div class="text-3xl font-bold">${text(name)}</div>` +
      `<p class="text-stone-700 dark:text-stone-300">${text(profile.bio ?? 'No bio yet.')}</p>` +
      `<div class="flex flex-wrap gap-x-6 gap-y-1 text-sm">` +
      detail(
        'Years detecting:',
        profile.yearsDetecting === null ? 'Not said' : String(profile.yearsDetecting),
      ) +
      detail('Detector:', profile.detector ?? 'Not said') +
      `</div></div></div>` +
      statTiles(profile.stats) +
      `</div></div>`,
  );
}
