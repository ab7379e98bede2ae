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
 */
import { routeMessages } from '@schema/contracts/ar-routes-constants';
import { socialMessages } from '@schema/contracts/social-constants';
import { buttonLook, pageHeading, skeleton, text, wrapShell, type Html } from './markup';

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
