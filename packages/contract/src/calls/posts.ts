import { z } from 'zod';
import { defineCall } from '../call';
import { Envelope, Id, ListTotal, listParams, Timestamp, TotalIsLowerBound } from '../common';

/** One report of a post (a post reported twice shows twice, each with its reporter). */
export const ReportedPostRow = z.object({
  id: z.number().int().describe('The report id'),
  reported_post_id: z.number().int().describe('The reported post (opens /post-details/{id})'),
  image: z.string().nullable().describe('First image of the post (its first video when it has no image)'),
  title: z.string().nullable(),
  website: z.string().nullable(),
  reportedBy: z.string().describe('Name of the user who reported it'),
  reported_by_id: z.number().int(),
  created_at: Timestamp.describe('When it was reported'),
});
export type ReportedPostRow = z.infer<typeof ReportedPostRow>;

export const PostMediaItem = z.object({
  id: z.number().int(),
  type: z.string().describe('raw_video is a video; anything else is shown as an image'),
  image: z.string().describe('URL of the image or video'),
  title: z.string().nullable(),
});
export type PostMediaItem = z.infer<typeof PostMediaItem>;

export const PostDetails = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  search_term: z.string().nullable(),
  type: z.string(),
  media: z.array(PostMediaItem),
  user: z.object({ id: z.number().int(), username: z.string(), name: z.string() }),
  like_count: z.number().int(),
  comment_count: z.number().int(),
  clicks_count: z.number().int(),
  views_count: z.number().int(),
  shares_count: z.number().int(),
  bookmarks_count: z.number().int(),
  reports_count: z.number().int(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type PostDetails = z.infer<typeof PostDetails>;

/** A user in the Reported By / Viewed By tables. */
export const PostPersonRow = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  created_at: Timestamp.describe('When they reported or viewed the post'),
});
export type PostPersonRow = z.infer<typeof PostPersonRow>;

export const REPORTED_POSTS_ORDER = ['created_at', 'title', 'website', 'id'] as const;
export const POST_PEOPLE_ORDER = ['name', 'username', 'email', 'created_at'] as const;

const PostId = Id.describe('Post id');

export const ReportedPostsRequest = listParams(REPORTED_POSTS_ORDER, {
  order_by: 'created_at',
  direction: 'desc',
});
export const PostPeopleRequest = listParams(POST_PEOPLE_ORDER, { order_by: 'name', direction: 'asc' }).extend(
  {
    id: PostId,
  },
);

export const postsCalls = {
  reportedPosts: defineCall({
    method: 'GET',
    path: 'reported-posts',
    permission: 'reported_posts',
    summary: 'Reports of posts that are not deleted, newest first, searched by title or website',
    request: ReportedPostsRequest,
    response: Envelope.extend({
      posts: z.array(ReportedPostRow),
      total_posts: ListTotal,
      total_is_lower_bound: TotalIsLowerBound,
    }),
  }),
  reportedPostDetails: defineCall({
    method: 'GET',
    path: 'reported-post-details',
    permission: 'post_details',
    summary: 'One post: media, author, counters and location; 404 when unknown or deleted',
    request: z.object({ id: PostId }),
    response: Envelope.extend({ data: PostDetails }),
  }),
  reportedBy: defineCall({
    method: 'GET',
    path: 'reported-by',
    permission: 'post_details',
    summary: 'Users who reported a post, paged (default name ascending)',
    request: PostPeopleRequest,
    response: Envelope.extend({
      data: z.array(PostPersonRow),
      total: ListTotal,
      total_is_lower_bound: TotalIsLowerBound,
    }),
  }),
  viewedBy: defineCall({
    method: 'GET',
    path: 'viewed-by',
    permission: 'post_details',
    summary: 'Users who viewed a post (each once, latest view), paged (default name ascending)',
    request: PostPeopleRequest,
    response: Envelope.extend({
      data: z.array(PostPersonRow),
      total: ListTotal,
      total_is_lower_bound: TotalIsLowerBound,
    }),
  }),
  deletePost: defineCall({
    method: 'DELETE',
    path: 'delete-post',
    audit: { target: 'post', id: 'id' },
    input: 'query',
    permission: 'delete_post',
    summary: 'Soft-delete a post: it leaves every list and its details answer 404',
    request: z.object({ id: PostId }),
    response: Envelope,
  }),
};
