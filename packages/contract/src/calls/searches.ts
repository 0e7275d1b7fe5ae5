import { z } from 'zod';
import { defineCall } from '../call';
import { Envelope, Id, ListTotal, listParams, Text, Timestamp, TotalIsLowerBound } from '../common';

export const SearchRow = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  image: z.string().nullable(),
  search_term: z.string(),
  website: z.string().nullable(),
  type: z.string().describe('raw_video plays as a video; other types show the image'),
  username: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  deleted_at: Timestamp.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
  thumb_url: z.string().nullable(),
});
export type SearchRow = z.infer<typeof SearchRow>;

export const SEARCHES_ORDER = ['created_at', 'updated_at', 'search_term', 'type', 'id'] as const;

export const SearchesRequest = listParams(SEARCHES_ORDER, {
  order_by: 'created_at',
  direction: 'desc',
}).extend({
  user_id: Id.optional().describe("Only this user's searches (the profile's Searches tab)"),
  type: Text()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[a-z_]+$/, 'must be a type name such as image or raw_video')
    .optional()
    .describe('Only searches of this type'),
});

export const searchesCalls = {
  searches: defineCall({
    method: 'GET',
    path: 'searches',
    permission: 'searches',
    summary: 'Searches users ran, newest first; filter by user, type or search term',
    request: SearchesRequest,
    response: Envelope.extend({
      data: z.array(SearchRow),
      total: ListTotal,
      total_is_lower_bound: TotalIsLowerBound,
    }),
  }),
};
