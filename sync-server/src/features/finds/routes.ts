/**
 * Finds REST (docs/product/finds.md; docs/api.md), mounted under /api. Thin: read and validate input,
 * decide who asks from the session, call the service (comments and likes: the engagement module's, through
 * findEngagement). Every `{id}` accepts the numeric id or the uid (docs/sync.md).
 *   GET    /finds                    ?q= &period= &userId= &limit= &cursor=  (newest first, X-Next-Cursor)
 *   GET    /finds/export.csv         the caller's finds as the FLO pack's spreadsheet (401 signed out)
 *   GET    /finds/{id}
 *   POST   /finds                    multipart: image, title, description, location, period, latitude?, longitude?, uid?
 *   PATCH  /finds/{id}               multipart (image optional) or JSON
 *   DELETE /finds/{id}               the finder, or the official account as moderator
 *   GET    /finds/{id}/like-status   POST|DELETE /finds/{id}/like
 *   GET    /finds/{id}/comments      POST /finds/{id}/comments {content, uid?}
 *   PUT    /find-comments/{id}       DELETE /find-comments/{id}
 */
import { Hono, type Context } from 'hono';
import {
  ALL_PERIODS_LABEL,
  FINDS_PAGE_SIZE,
  findCommentSchema,
  findCreateSchema,
  findMessages,
  findUpdateSchema,
  optionalUidSchema,
  type Find,
} from '@schema/contracts/finds';
import { floCsv } from '@schema/contracts/flo-csv';
import type { AppEnv } from '../../env';
import type { Deps } from '../../deps';
import { commentRoutes, likeRoutes } from '../../engagement/routes';
import { requireUser } from '../../lib/auth/session';
import { badRequest } from '../../lib/errors';
import { readIdPage, sendPage } from '../../lib/paging';
import { parseIdParam, parseWith } from '../../lib/validate';
import { viewerOf } from '../../sync/visibility';
import { shownUnlessHidden } from '../../lib/moderation';
import { findEngagement } from './engagement';
import { recordingFromForm } from './recording';
import { FIND_TEXT_FIELDS, pickFields, readFindForm, storeFindImage } from './form';
import {
  createFind,
  deleteFind,
  existingFindForCreate,
  getFind,
  listFinds,
  requireEditableFind,
  updateFind,
} from './service';

const COMMENTS_PAGE_SIZE = 50;
/** Finds read per query for the export: a member's whole record, a page at a time. */
const EXPORT_CHUNK = 500;
const { comments, likes } = findEngagement;

const idParam = (c: Context<AppEnv>) => parseIdParam(c.req.param('id') ?? '');
const commentBodySchema = findCommentSchema.extend({ uid: optionalUidSchema });

export function findsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const { db } = deps;

  app.get('/finds', async (c) => {
    const { limit, cursor } = readIdPage(c, FINDS_PAGE_SIZE);
    const period = c.req.query('period');
    const rawUserId = c.req.query('userId');
    if (rawUserId && !/^\d{1,15}$/.test(rawUserId)) throw badRequest('Invalid userId');
    const rows = await listFinds(db, viewerOf(c), {
      q: c.req.query('q'),
      period: period && period !== ALL_PERIODS_LABEL ? period : undefined,
      userId: rawUserId ? Number(rawUserId) : undefined,
      before: cursor,
      limit,
    });
    return c.json(sendPage(c, rows, limit, (find) => find.id));
  });

  // The finder's FLO spreadsheet (docs/find-recording.md "The FLO pack"): every find of theirs, exact spot
  // included, the same file the device's pack holds. Before /finds/:id, which would read it as an id.
  app.get('/finds/export.csv', async (c) => {
    const user = requireUser(c);
    const mine: Find[] = [];
    for (let before: number | null = null; ;) {
      const page = await listFinds(db, { id: user.id }, { userId: user.id, before, limit: EXPORT_CHUNK });
      mine.push(...page.slice(0, EXPORT_CHUNK));
      if (page.length <= EXPORT_CHUNK) break;
      before = page[EXPORT_CHUNK - 1]?.id ?? null;
    }
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', 'attachment; filename="digquest-finds.csv"');
    c.header('cache-control', 'private, no-store');
    return c.body(floCsv(mine));
  });

  // A find a moderator hid: 404 to others, shown with its notice to its finder and moderators.
  app.get('/finds/:id', async (c) =>
    c.json(
      await shownUnlessHidden(
        db,
        'finds',
        await getFind(db, idParam(c), viewerOf(c)),
        c.get('user'),
        findMessages.notFound,
      ),
    ),
  );

  app.post('/finds', async (c) => {
    const user = requireUser(c, findMessages.loginToUpload);
    const form = await readFindForm(c);
    const uid = parseWith(optionalUidSchema, form.fields.uid);
    const input = parseWith(findCreateSchema, {
      ...pickFields(form.fields, FIND_TEXT_FIELDS),
      ...recordingFromForm(form.fields, 'create'),
    });
    // A retried upload of a find the server already has answers it without storing the photo again.
    const existing = uid ? await existingFindForCreate(db, user, uid) : undefined;
    if (existing) return c.json(await getFind(db, { id: existing.id }, { id: user.id }), 200);
    if (!form.image) throw badRequest(findMessages.imageRequired);
    const imageUrl = await storeFindImage(deps, user, form.image);
    const { find, created } = await createFind(db, user, input, { uid, image: imageUrl });
    return c.json(find, created ? 201 : 200);
  });

  app.patch('/finds/:id', async (c) => {
    const user = requireUser(c, findMessages.loginToEdit);
    const ref = idParam(c);
    // Ownership before reading the photo: a stranger's upload is never stored.
    await requireEditableFind(db, user, ref);
    const form = await readFindForm(c);
    const input = parseWith(findUpdateSchema, {
      ...pickFields(form.fields, FIND_TEXT_FIELDS),
      ...recordingFromForm(form.fields, 'edit'),
    });
    const imageUrl = form.image ? await storeFindImage(deps, user, form.image) : undefined;
    return c.json(await updateFind(db, user, ref, input, imageUrl));
  });

  app.delete('/finds/:id', async (c) => {
    // A `?userId=` is ignored: the session says who is deleting (docs/product/finds.md#permissions).
    const user = requireUser(c, findMessages.loginToDelete);
    const id = await deleteFind(db, user, idParam(c));
    return c.json({ success: true, id });
  });

  app.route('/', likeRoutes(db, likes, { parents: '/finds', signIn: findMessages.loginToLike }));
  app.route(
    '/',
    commentRoutes(
      db,
      comments,
      { content: findCommentSchema, add: commentBodySchema },
      {
        parents: '/finds',
        comments: '/find-comments',
        signIn: findMessages.loginToComment,
        pageSize: COMMENTS_PAGE_SIZE,
      },
    ),
  );

  return app;
}
