/**
 * Events REST (docs/product/events.md "API calls"; docs/api.md), mounted under /api. Thin: read and
 * validate input, decide who asks from the session, call the service (comments and attendance: the
 * engagement module's, through eventEngagement). Every `{id}` accepts the numeric id or the uid (docs/sync.md).
 *   GET    /events                     ?filter=upcoming|past|all (default all) &q= &limit= &cursor=
 *   GET    /events/{id}
 *   POST   /events                     { title, description?, location, eventDate, uid? }  (userId ignored)
 *   PUT    /events/{id}                any of the create fields                     the organiser
 *   DELETE /events/{id}                the organiser, or the official account as moderator
 *   POST   /events/{id}/join           POST /events/{id}/attend (the same act)      → { isAttending, attendeeCount }
 *   DELETE /events/{id}/join           DELETE /events/{id}/attend (leave)
 *   GET    /events/{id}/attendees      public profile fields and joined_at, in the order they joined
 *   GET    /events/{id}/comments       POST /events/{id}/comments { content, uid? }
 *   PUT    /event-comments/{id}        DELETE /event-comments/{id}
 */
import { Hono, type Context } from 'hono';
import {
  ATTENDEES_PAGE_SIZE,
  EVENTS_PAGE_SIZE,
  eventCommentSchema,
  eventCreateSchema,
  eventMessages,
  eventUpdateSchema,
  isEventFilter,
} from '@schema/contracts/events';
import { optionalUidSchema } from '@schema/contracts/finds';
import type { AppEnv } from '../../env';
import type { Deps } from '../../deps';
import { commentRoutes } from '../../engagement/routes';
import { requireUser } from '../../lib/auth/session';
import { badRequest } from '../../lib/errors';
import { readIdPage, readPage, sendPage } from '../../lib/paging';
import { parseIdParam, parseWith, readJson, readJsonObject } from '../../lib/validate';
import { viewerOf } from '../../sync/visibility';
import { shownUnlessHidden } from '../../lib/moderation';
import { eventEngagement } from './engagement';
import {
  createEvent,
  deleteEvent,
  existingEventForCreate,
  getEvent,
  isEventCursor,
  listAttendees,
  listEvents,
  setAttendance,
  updateEvent,
} from './service';

const COMMENTS_PAGE_SIZE = 50;
const { comments } = eventEngagement;

const idParam = (c: Context<AppEnv>) => parseIdParam(c.req.param('id') ?? '');
const commentBodySchema = eventCommentSchema.extend({ uid: optionalUidSchema });

export function eventsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const { db } = deps;

  app.get('/events', async (c) => {
    const page = readPage<unknown>(c, EVENTS_PAGE_SIZE);
    if (page.cursor !== null && !isEventCursor(page.cursor)) throw badRequest('Invalid cursor');
    const filter = c.req.query('filter') ?? 'all';
    if (!isEventFilter(filter)) throw badRequest('Invalid filter');
    const rows = await listEvents(
      db,
      { filter, q: c.req.query('q'), cursor: page.cursor, limit: page.limit },
      viewerOf(c),
    );
    return c.json(sendPage(c, rows, page.limit, (e) => ({ date: e.eventDate, id: e.id })));
  });

  // An event a moderator hid: 404 to others, shown with its notice to its organiser and moderators.
  app.get('/events/:id', async (c) =>
    c.json(
      await shownUnlessHidden(
        db,
        'events',
        await getEvent(db, idParam(c), viewerOf(c)),
        c.get('user'),
        eventMessages.notFound,
      ),
    ),
  );

  app.post('/events', async (c) => {
    const user = requireUser(c, eventMessages.loginToCreate);
    const body = await readJsonObject(c);
    const uid = parseWith(optionalUidSchema, body.uid);
    // A retried create answers the stored event (S4), even once its date has passed.
    const existing = uid ? await existingEventForCreate(db, user, uid) : undefined;
    if (existing) return c.json(await getEvent(db, { id: existing.id }, user), 200);
    // `userId` in the body is dropped by the schema: the organiser is the session's member.
    const input = parseWith(eventCreateSchema, body);
    const { event, created } = await createEvent(db, user, input, { uid });
    return c.json(event, created ? 201 : 200);
  });

  app.put('/events/:id', async (c) => {
    const user = requireUser(c, eventMessages.loginToEdit);
    const ref = idParam(c);
    return c.json(await updateEvent(db, user, ref, await readJson(c, eventUpdateSchema)));
  });

  app.delete('/events/:id', async (c) => {
    const user = requireUser(c, eventMessages.loginToDelete);
    const id = await deleteEvent(db, user, idParam(c));
    return c.json({ success: true, id });
  });

  // The spec's home section calls `attend`, its detail page `join`: one attendance either way.
  for (const verb of ['join', 'attend']) {
    app.post(`/events/:id/${verb}`, async (c) => {
      const user = requireUser(c, eventMessages.loginToJoin);
      return c.json(await setAttendance(db, user, idParam(c), true));
    });
    app.delete(`/events/:id/${verb}`, async (c) => {
      const user = requireUser(c, eventMessages.loginToJoin);
      return c.json(await setAttendance(db, user, idParam(c), false));
    });
  }

  app.get('/events/:id/attendees', async (c) => {
    // A hidden event's attendees are as missing as the event, but to its organiser and moderators.
    await shownUnlessHidden(
      db,
      'events',
      await getEvent(db, idParam(c), viewerOf(c)),
      c.get('user'),
      eventMessages.notFound,
    );
    const { limit, cursor } = readIdPage(c, ATTENDEES_PAGE_SIZE);
    const rows = await listAttendees(db, viewerOf(c), idParam(c), { after: cursor, limit });
    return c.json(sendPage(c, rows, limit, (a) => a.attendanceId).map(({ attendanceId: _, ...a }) => a));
  });

  app.route(
    '/',
    commentRoutes(
      db,
      comments,
      { content: eventCommentSchema, add: commentBodySchema },
      {
        parents: '/events',
        comments: '/event-comments',
        signIn: eventMessages.loginToComment,
        pageSize: COMMENTS_PAGE_SIZE,
      },
    ),
  );

  return app;
}
