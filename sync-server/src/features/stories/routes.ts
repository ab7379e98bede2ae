/**
 * Stories REST (docs/product/stories.md "API calls"; docs/api.md), mounted under /api. Thin: read and
 * validate input, decide who asks from the session, call the service (comments and likes: the engagement
 * module's, through storyEngagement). Every `{id}` accepts the numeric id or the uid (docs/sync.md).
 *   GET    /stories                    newest first, ?limit= &cursor= (X-Next-Cursor)
 *   GET    /stories/{id}
 *   POST   /stories                    { content, yearsDetecting?, uid? }  (userId ignored)
 *   PUT    /stories/{id}               any of content, yearsDetecting       the author
 *   DELETE /stories/{id}               the author, or the official account as moderator
 *   GET    /stories/{id}/like-status   POST|DELETE /stories/{id}/like       → { isLiked, likes }
 *   GET    /stories/{id}/comments      POST /stories/{id}/comments { content, uid? }
 *   PUT    /story-comments/{id}        DELETE /story-comments/{id}
 */
import { Hono, type Context } from 'hono';
import {
  STORIES_PAGE_SIZE,
  storyCommentSchema,
  storyCreateSchema,
  storyMessages,
  storyUpdateSchema,
} from '@schema/contracts/stories';
import { optionalUidSchema } from '@schema/contracts/finds';
import type { AppEnv } from '../../env';
import type { Deps } from '../../deps';
import { commentRoutes, likeRoutes } from '../../engagement/routes';
import { requireUser } from '../../lib/auth/session';
import { readIdPage, sendPage } from '../../lib/paging';
import { parseIdParam, parseWith, readJson, readJsonObject } from '../../lib/validate';
import { viewerOf } from '../../sync/visibility';
import { shownUnlessHidden } from '../../lib/moderation';
import { storyEngagement } from './engagement';
import { createStory, deleteStory, getStory, listStories, updateStory } from './service';

const COMMENTS_PAGE_SIZE = 50;
const { comments, likes } = storyEngagement;

const idParam = (c: Context<AppEnv>) => parseIdParam(c.req.param('id') ?? '');
const commentBodySchema = storyCommentSchema.extend({ uid: optionalUidSchema });

export function storiesRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const { db } = deps;

  app.get('/stories', async (c) => {
    const { limit, cursor } = readIdPage(c, STORIES_PAGE_SIZE);
    const rows = await listStories(db, viewerOf(c), { before: cursor, limit });
    return c.json(sendPage(c, rows, limit, (story) => story.id));
  });

  // A story a moderator hid: 404 to others, shown with its notice to its author and moderators.
  app.get('/stories/:id', async (c) =>
    c.json(
      await shownUnlessHidden(
        db,
        'stories',
        await getStory(db, idParam(c), viewerOf(c)),
        c.get('user'),
        storyMessages.notFound,
      ),
    ),
  );

  app.post('/stories', async (c) => {
    const user = requireUser(c, storyMessages.loginToShare);
    const body = await readJsonObject(c);
    const uid = parseWith(optionalUidSchema, body.uid);
    // `userId` in the body is dropped by the schema: the author is the session's member.
    const input = parseWith(storyCreateSchema, body);
    const { story, created } = await createStory(db, user, input, { uid });
    return c.json(story, created ? 201 : 200);
  });

  app.put('/stories/:id', async (c) => {
    const user = requireUser(c, storyMessages.loginToEdit);
    const ref = idParam(c);
    return c.json(await updateStory(db, user, ref, await readJson(c, storyUpdateSchema)));
  });

  app.delete('/stories/:id', async (c) => {
    const user = requireUser(c, storyMessages.loginToDelete);
    const id = await deleteStory(db, user, idParam(c));
    return c.json({ success: true, id });
  });

  app.route('/', likeRoutes(db, likes, { parents: '/stories', signIn: storyMessages.loginToLike }));

  app.route(
    '/',
    commentRoutes(
      db,
      comments,
      { content: storyCommentSchema, add: commentBodySchema },
      {
        parents: '/stories',
        comments: '/story-comments',
        signIn: storyMessages.loginToComment,
        pageSize: COMMENTS_PAGE_SIZE,
      },
    ),
  );

  return app;
}
