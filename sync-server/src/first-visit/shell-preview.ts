/**
 * Layout shells for the pages whose first render the server can draw but whose records it should not
 * (docs/architecture.md "First paint"): the frame of the page as a signed-out visitor's first render shows
 * it, ended by that render (markup.ts wrapShell) so nothing moves when the app takes over.
 *
 * - `/ar-routes`: its routes are recommended around the visitor's position, which the server never has
 *   (and a route's coordinates are never written into a page); the page opens on 'Location needed'.
 * - `/achievements`: signed out, the catalogue under four loading cards, then the member's own or the
 *   catalogue; the heading and the cards' places are the same either way.
 * - `/social`: the dashboard is per member and counted by the server on request; signed out it says
 *   so. Only the heading and its Achievements link are the same for everyone, so only they are drawn.
 * - `/map`: the spots a visitor sees are read on the device, and where the map opens depends on it; what
 *   is the same for everyone is the frame and the outline of Great Britain and Ireland the map shows while
 *   MapLibre loads, which is the page's largest paint.
 */
import { routeMessages } from '@schema/contracts/ar-routes-constants';
import { socialMessages } from '@schema/contracts/social-constants';
import { buttonLook, icon, pageHeading, skeleton, text, wrapShell, type Html } from './markup';

const container = (classes: string, body: Html) =>
  `<div class="mx-auto w-full px-4 py-8 sm:py-10 ${classes}">${body}</div>`;

/** `/ar-routes` before a position is known (web/src/features/map/pages/ar-routes-page.tsx). */
export function arRoutesShell(): Html {
  return wrapShell(
    container(
      'max-w-7xl flex flex-col gap-6',
      pageHeading(
        'AR Route Recommendations',
        'Historic routes near you, with directions over your camera — or as a list and a map when there is no camera or compass.',
      ) +
        `<div class="flex flex-col items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-6 dark:border-amber-700 dark:bg-amber-950">` +
        `<div class="text-xl font-semibold">${text(routeMessages.locationNeeded)}</div>` +
        `<p>Routes are recommended around where you are. Your position stays on this device.</p>` +
        buttonLook('Allow location', 'mapPin', 'default') +
        `</div>`,
    ),
  );
}

/** `/achievements` loading, signed out (web/src/features/achievements/pages/achievements-page.tsx). */
export function achievementsShell(): Html {
  return wrapShell(
    container(
      'flex max-w-5xl flex-col gap-6',
      pageHeading('Achievements', 'Sign in to earn these badges as you detect and share.') +
        `<div class="grid gap-4 sm:grid-cols-2">${skeleton('h-28 w-full').repeat(4)}</div>`,
    ),
  );
}

/** `/social`'s heading (web/src/features/social/pages/social-page.tsx), the same for every visitor. */
export function socialShell(): Html {
  return wrapShell(
    container(
      'flex max-w-4xl flex-col gap-6',
      pageHeading(
        socialMessages.heading,
        'Follow other detectorists and keep up with their finds, posts, events and stories.',
        { actions: buttonLook('Achievements', null, 'outline') },
      ),
    ),
  );
}

/**
 * MapLoading's picture (web/src/features/map/components/map-loading.tsx MAP_OUTLINE_URL): the same URL, so
 * the app's own placeholder shows the image this shell has already fetched.
 */
export const MAP_OUTLINE_URL = '/images/map-outline.svg';

/**
 * `/map` while MapLibre loads (web/src/features/map/components/map-shell.tsx with map-loading.tsx and
 * map-panel.tsx's folded sheet): the same boxes, so the app's first render puts its outline exactly over this
 * one. On phones the map fills the window under the header above the sheet's peek and the heading is for
 * screen readers only; on desktops the heading and the panel stand beside it. The preview itself stands in
 * for the full-bleed `<main>` (web/src/app/layout/root-layout.tsx): index.css makes the shell a column the
 * window's height while it holds one (`boot-full-bleed`). No spot, position or member is drawn.
 */
export function mapShell(): Html {
  const outline =
    `<div class="relative h-full overflow-hidden bg-[#80deea] dark:bg-stone-800">` +
    `<img src="${MAP_OUTLINE_URL}" alt="" fetchpriority="high" class="absolute inset-0 size-full object-cover dark:opacity-30">` +
    `<div class="absolute inset-0 flex items-center justify-center"><span class="inline-flex items-center">${icon('loaderCircle', 'size-8 animate-spin motion-reduce:animate-none')}</span></div>` +
    `</div>`;
  const sheet =
    `<div class="absolute inset-x-0 bottom-0 z-20 flex max-h-[70%] flex-col rounded-t-2xl border-t border-stone-200 bg-white shadow-[0_-4px_16px_rgba(0,0,0,0.12)] dark:border-stone-700 dark:bg-stone-900 pr-[env(safe-area-inset-right)] pb-[env(safe-area-inset-bottom)] pl-[env(safe-area-inset-left)] lg:static lg:z-auto lg:max-h-none lg:min-h-0 lg:rounded-none lg:border-t-0 lg:border-r lg:p-0 lg:shadow-none lg:col-start-1 lg:row-start-2">` +
    `<div class="h-14 flex w-full shrink-0 items-center justify-between gap-3 px-4 text-left font-semibold lg:hidden rounded-t-2xl">` +
    `<span class="flex flex-col"><span class="mx-auto mb-1 h-1 w-10 self-center rounded-full bg-stone-300 dark:bg-stone-600"></span><span>Spots in view</span></span>` +
    icon('chevronUp', 'size-5 shrink-0') +
    `</div></div>`;
  return wrapShell(
    `<div class="relative flex h-full flex-col lg:grid lg:grid-cols-[24rem_minmax(0,1fr)] lg:grid-rows-[auto_minmax(0,1fr)]">` +
      `<div class="sr-only lg:not-sr-only lg:col-start-1 lg:row-start-1 lg:border-r lg:border-stone-200 lg:px-4 lg:pt-4 lg:pb-2 lg:text-2xl lg:font-bold lg:tracking-tight lg:dark:border-stone-700">Detecting Map</div>` +
      `<div class="relative min-h-0 flex-1 lg:col-start-2 lg:row-span-2 lg:row-start-1">${outline}</div>` +
      `<div class="h-14 shrink-0 pb-[env(safe-area-inset-bottom)] box-content lg:hidden"></div>` +
      sheet +
      `</div>`,
    'boot-full-bleed relative min-h-0 flex-1',
  );
}
