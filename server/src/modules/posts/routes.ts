import { calls } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { deletePost, listReportedBy, listReportedPosts, listViewedBy, postDetails } from './service';

export async function postsRoutes(app: FastifyInstance, { db, listDb }: AppDeps) {
  route(app, calls.reportedPosts, async ({ input }) => {
    const { posts, total, total_is_lower_bound } = await listReportedPosts(listDb, input);
    return { posts, total_posts: total, total_is_lower_bound };
  });
  route(app, calls.reportedPostDetails, async ({ input }) => ({ data: await postDetails(db, input.id) }));
  route(app, calls.reportedBy, async ({ input }) => listReportedBy(listDb, input));
  route(app, calls.viewedBy, async ({ input }) => listViewedBy(listDb, input));
  route(app, calls.deletePost, async ({ input }) => {
    await deletePost(db, input.id);
    return { responseMessage: 'Post deleted successfully' };
  });
}
