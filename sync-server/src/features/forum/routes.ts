/**
 * Forum REST (docs/product/forum.md; the Home community section, docs/product/home.md), mounted under
 * /api. Thin: read and validate input, decide who asks from the session, call the services (comments,
 * promotions and views: the engagement module's, through postEngagement). Every `{id}` of a post or
 * comment accepts the numeric id or the uid (docs/sync.md); categories accept the id or the slug.
 *   GET    /posts                 ?q= &category= &sort=recent|popular &userId= &mine=1 &limit= &cursor=
 *   GET    /posts/{id}            (never counts a view)
 *   POST   /posts                 {title, content, categoryId, imageUrl|null, uid?}  the session is the author
 *   DELETE /posts/{id}            the author, or the official account as moderator
 *   POST   /posts/{id}/view       counts once per visitor per post per UTC day → {views, counted}
 *   GET    /posts/{id}/comments   oldest first, paged
 *   GET    /posts/{id}/like-status   POST|DELETE /posts/{id}/like → {isLiked, likes}
 *   POST   /comments              {postId (id or uid), content, uid?}
 *   PATCH  /posts/{id}            {title, content} — only its author, only while a moderator has it hidden
 *   PUT    /comments/{id}         {content} (the writer)   DELETE /comments/{id} (the writer or moderator)
 *   GET    /categories            GET /categories/{id or slug}
 *   GET    /community/members     ?online=1 — the caller and everyone who posted in the last 24 hours
 * Lists are JSON arrays with X-Next-Cursor when more follow (lib/paging.ts).
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  forumMessages,
  ONLINE_MEMBERS_LIMIT,
  POST_COMMENTS_PAGE_SIZE,
  postCommentCreateSchema,
  postCommentSchema,
  postCreateSchema,
  postEditSchema,
  POSTS_PAGE_SIZE,
} from '@schema/contracts/forum';
import type { AppEnv } from '../../env';
import type { Deps } from '../../deps';
import { requireUser } from '../../lib/auth/session';
import { badRequest } from '../../lib/errors';
import { readPage, sendPage } from '../../lib/paging';
import { parseIdParam, readJson } from '../../lib/validate';
import { commentEditRoutes, likeRoutes } from '../../engagement/routes';
import { visitorOf } from '../../engagement/views';
import { viewerOf } from '../../sync/visibility';
import { shownUnlessHidden } from '../../lib/moderation';
import { findCategory, getCategory, listCategories, parseCategoryRef } from './categories-service';
import { onlineMembers } from './community-service';
import { postEngagement } from './engagement';
import {
  createPost,
  deletePost,
  getPost,
  listPosts,
  requireStoredImage,
  type PostListQuery,
} from './posts-service';
import { editHiddenPost } from './post-edit';
import { toForumSearch } from './search';

const { comments, likes, views } = postEngagement;

const idParam = (c: Context<AppEnv>) => parseIdParam(c.req.param('id') ?? '');

const recentCursor = z.object({ at: z.string().max(40), id: z.number().int() });
const popularCursor = z.object({ views: z.number().int().min(0), id: z.number().int() });

function cursorAs<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> | null {
  if (raw === null) return null;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw badRequest('Invalid cursor');
  return parsed.data;
}

/** Comment pages: the cursor is the last comment's id. */
function readIdPage(c: Context<AppEnv>, defaultLimit: number) {
  const page = readPage<unknown>(c, defaultLimit);
  return { limit: page.limit, cursor: cursorAs(z.number().int().min(0), page.cursor) };
}

/** The filters of GET /posts; null when they cannot match anything (an unknown category, a query of punctuation). */
async function readPostFilters(
  c: Context<AppEnv>,
  deps: Deps,
): Promise<Pick<PostListQuery, 'search' | 'categoryId' | 'userId'> | null> {
  const q = c.req.query('q')?.trim();
  const search = q ? toForumSearch(q) : undefined;
  if (search === null) return null;
  const rawCategory = c.req.query('category')?.trim();
  let categoryId: number | undefined;
  if (rawCategory) {
    const category = await findCategory(deps.db, parseCategoryRef(rawCategory));
    if (!category) return null;
    categoryId = category.id;
  }
  let userId: number | undefined;
  const mine = c.req.query('mine');
  if (mine === '1' || mine === 'true') {
    // My Posts: the session decides whose posts these are.
    userId = requireUser(c, forumMessages.loginForMyPosts).id;
  } else {
    const rawUserId = c.req.query('userId');
    if (rawUserId && !/^\d{1,15}$/.test(rawUserId)) throw badRequest('Invalid userId');
    userId = rawUserId ? Number(rawUserId) : undefined;
  }
  return { search, categoryId, userId };
}

export function forumRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const { db } = deps;

  app.get('/posts', async (c) => {
    const page = readPage<unknown>(c, POSTS_PAGE_SIZE);
    const sort = c.req.query('sort') ?? 'recent';
    if (sort !== 'recent' && sort !== 'popular') throw badRequest('sort must be recent or popular');
    const filters = await readPostFilters(c, deps);
    if (filters === null) return c.json([]);
    if (sort === 'popular') {
      const rows = await listPosts(
        db,
        { ...filters, sort, after: cursorAs(popularCursor, page.cursor), limit: page.limit },
        viewerOf(c),
      );
      return c.json(sendPage(c, rows, page.limit, (post) => ({ views: post.views, id: post.id })));
    }
    const rows = await listPosts(
      db,
      { ...filters, sort, after: cursorAs(recentCursor, page.cursor), limit: page.limit },
      viewerOf(c),
    );
    return c.json(sendPage(c, rows, page.limit, (post) => ({ at: post.created_at, id: post.id })));
  });

  // A post a moderator hid (or held): 404 to others, shown with its notice to its author and moderators.
  app.get('/posts/:id', async (c) =>
    c.json(
      await shownUnlessHidden(
        db,
        'posts',
        await getPost(db, idParam(c), viewerOf(c)),
        c.get('user'),
        forumMessages.postNotFound,
      ),
    ),
  );

  app.post('/posts', async (c) => {
    const user = requireUser(c, forumMessages.loginToPost);
    // A `userId` in the body is dropped by the schema: the author is the session's member.
    const { uid, imageUrl, ...input } = await readJson(c, postCreateSchema);
    const image = imageUrl ? await requireStoredImage(db, imageUrl) : null;
    const { post, created } = await createPost(db, user, input, { uid, image });
    return c.json(post, created ? 201 : 200);
  });

  // Only the author of a post a moderator hid (docs/moderation.md): published posts are not edited.
  app.patch('/posts/:id', async (c) => {
    const user = requireUser(c, forumMessages.loginRequired);
    return c.json(await editHiddenPost(db, user, idParam(c), await readJson(c, postEditSchema)));
  });

  app.delete('/posts/:id', async (c) => {
    const user = requireUser(c, forumMessages.loginRequired);
    const id = await deletePost(db, user, idParam(c));
    return c.json({ success: true, id });
  });

  app.post('/posts/:id/view', async (c) => {
    const ref = idParam(c);
    return c.json(await views.record(db, ref, visitorOf(c, c.get('user')?.id ?? null)));
  });

  app.get('/posts/:id/comments', async (c) => {
    const { limit, cursor } = readIdPage(c, POST_COMMENTS_PAGE_SIZE);
    const rows = await comments.list(db, viewerOf(c), idParam(c), { after: cursor, limit });
    return c.json(sendPage(c, rows, limit, (comment) => comment.id));
  });

  app.route('/', likeRoutes(db, likes, { parents: '/posts', signIn: forumMessages.loginRequired }));

  app.post('/comments', async (c) => {
    const user = requireUser(c, forumMessages.loginRequired);
    // A `userId` in the body is dropped by the schema: the commenter is the session's member.
    const { postId, content, uid } = await readJson(c, postCommentCreateSchema);
    const postRef = typeof postId === 'number' ? { id: postId } : { uid: postId };
    const { comment, created } = await comments.add(db, user, postRef, { content }, uid);
    return c.json(comment, created ? 201 : 200);
  });

  app.route(
    '/',
    commentEditRoutes(db, comments, postCommentSchema, {
      comments: '/comments',
      signIn: forumMessages.loginRequired,
    }),
  );

  app.get('/categories', async (c) => c.json(await listCategories(db)));

  app.get('/categories/:id', async (c) => c.json(await getCategory(db, parseCategoryRef(c.req.param('id')))));

  app.get('/community/members', async (c) => {
    const online = c.req.query('online');
    if (online !== undefined && online !== '1' && online !== 'true')
      throw badRequest(forumMessages.onlineOnly);
    const { members, total } = await onlineMembers(db, viewerOf(c), ONLINE_MEMBERS_LIMIT);
    c.header('X-Total-Count', String(total));
    c.header('Access-Control-Expose-Headers', 'X-Next-Cursor, X-Total-Count');
    return c.json(members);
  });

  return app;
}
