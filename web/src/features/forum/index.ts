/** The forum feature's public surface: the app shell routes to these pages and mounts the New Post host. */
export { ForumPage } from './pages/forum-page';
export { PostDetailPage } from './pages/post-detail-page';
