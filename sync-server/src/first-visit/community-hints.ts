/**
 * The first-visit hints of the community pages (docs/architecture.md "First paint"): the events list and an
 * event, the Wellbeing Hub and a story, a member's profile and a group, each with its first look; `/ar-routes`,
 * `/achievements`, `/social` and `/map` with a layout shell (shell-preview.ts says why). Records are read as
 * an anonymous visitor reads them, through the REST answers' service functions. Route paths:
 * web/src/app/routes.tsx.
 */
import type { Store } from '../lib/db';
import type { PageHints } from '../lib/page-hints';
import { parseIdParam } from '../lib/validate';
import { getEvent } from '../features/events/service';
import { listEvents } from '../features/events/list';
import { getStory, listStories } from '../features/stories/service';
import { getGroup } from '../features/groups/service';
import { groupCoverHint, groupPagePreview } from './group-preview';
import { publicProfile } from '../features/social/profile';
import { eventPagePreview, eventsPreview, PREVIEW_EVENTS } from './events-preview';
import { profilePagePreview } from './profile-preview';
import { ANONYMOUS, recordOrNull, shownToVisitor } from './read-record';
import { achievementsShell, arRoutesShell, mapShell, socialShell } from './shell-preview';
import { PREVIEW_STORIES, storyPagePreview, wellbeingPreview } from './stories-preview';

const EVENTS_MODULE = 'src/features/events/index.ts';
const WELLBEING_MODULE = 'src/features/wellbeing/index.ts';
const SOCIAL_MODULE = 'src/features/social/index.ts';
const MAP_MODULE = 'src/features/map/index.ts';

/** `/events` opens on Upcoming, soonest first: the REST list's first page for that filter. */
async function eventsHints(store: Store, withPreview: boolean): Promise<PageHints> {
  const now = new Date();
  const events = withPreview
    ? (
        await listEvents(store, { filter: 'upcoming', cursor: null, limit: PREVIEW_EVENTS, now }, ANONYMOUS)
      ).slice(0, PREVIEW_EVENTS)
    : [];
  return { modules: [EVENTS_MODULE], images: [], preview: eventsPreview(events, now.getTime()) };
}

async function eventHints(store: Store, urlPath: string, ref: string, withPreview: boolean) {
  const event = withPreview
    ? await recordOrNull(() => shownToVisitor(store, 'events', getEvent(store, parseIdParam(ref), ANONYMOUS)))
    : null;
  return { modules: [EVENTS_MODULE], images: [], preview: eventPagePreview(urlPath, event, Date.now()) };
}

/** The hub's Community stories, newest first, as the REST list's first page. */
async function wellbeingHints(store: Store, withPreview: boolean): Promise<PageHints> {
  const stories = withPreview
    ? (await listStories(store, ANONYMOUS, { before: null, limit: PREVIEW_STORIES })).slice(
        0,
        PREVIEW_STORIES,
      )
    : [];
  return { modules: [WELLBEING_MODULE], images: [], preview: wellbeingPreview(stories) };
}

async function storyHints(store: Store, urlPath: string, ref: string, withPreview: boolean) {
  const story = withPreview
    ? await recordOrNull(() =>
        shownToVisitor(store, 'stories', getStory(store, parseIdParam(ref), ANONYMOUS)),
      )
    : null;
  return { modules: [WELLBEING_MODULE], images: [], preview: storyPagePreview(urlPath, story) };
}

/**
 * `/users/{id}`: the profile as GET /api/users/{id}/profile gives it to an anonymous visitor (the same
 * service function, so the same masking). The app's address is the member's numeric id: anything else has
 * no profile, hence no first look.
 */
async function profileHints(store: Store, urlPath: string, ref: string, withPreview: boolean) {
  const profile =
    withPreview && /^\d{1,15}$/.test(ref)
      ? await recordOrNull(() => publicProfile(store, ANONYMOUS, ref))
      : null;
  return { modules: [SOCIAL_MODULE], images: [], preview: profilePagePreview(urlPath, profile) };
}

/**
 * `/groups/{id or uid}` (the app links a group by its uid): the group as GET /api/groups/{id} gives it to
 * an anonymous visitor, so a private group has no first look, and its cover photo asked for at once.
 */
async function groupHints(store: Store, urlPath: string, ref: string, withPreview: boolean) {
  const group = withPreview
    ? await recordOrNull(() => shownToVisitor(store, 'groups', getGroup(store, ANONYMOUS, parseIdParam(ref))))
    : null;
  const coverUrl = groupCoverHint(group);
  return {
    modules: [SOCIAL_MODULE],
    images: coverUrl ? [{ href: coverUrl }] : [],
    preview: groupPagePreview(urlPath, group),
  };
}

/** A page drawn as a layout shell: its code is still hinted, since the app draws its first render. */
function shellHints(module: string, shell: () => string, withPreview: boolean): PageHints {
  return { modules: [module], images: [], preview: withPreview ? shell() : '', shell: true };
}

/** The hints of a community page, or undefined when the path is none of them. */
export function communityHints(
  store: Store,
  urlPath: string,
  segments: readonly string[],
  withPreview: boolean,
): Promise<PageHints> | PageHints | undefined {
  const [section, second, third] = segments;
  const count = segments.length;
  if (section === 'events' && count === 1) return eventsHints(store, withPreview);
  // `/events/create` is a form for members: no record to show.
  if (section === 'events' && count === 2 && second && second !== 'create')
    return eventHints(store, urlPath, second, withPreview);
  if (section === 'wellbeing' && count === 1) return wellbeingHints(store, withPreview);
  if (section === 'wellbeing' && second === 'stories' && third && count === 3)
    return storyHints(store, urlPath, third, withPreview);
  if (section === 'users' && count === 2 && second) return profileHints(store, urlPath, second, withPreview);
  if (section === 'groups' && count === 2 && second) return groupHints(store, urlPath, second, withPreview);
  if (count !== 1) return undefined;
  if (section === 'ar-routes') return shellHints('src/features/map/ar-routes.ts', arRoutesShell, withPreview);
  if (section === 'achievements')
    return shellHints('src/features/achievements/index.ts', achievementsShell, withPreview);
  if (section === 'social') return shellHints(SOCIAL_MODULE, socialShell, withPreview);
  if (section === 'map') return shellHints(MAP_MODULE, mapShell, withPreview);
  return undefined;
}
