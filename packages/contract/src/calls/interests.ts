import { z } from 'zod';
import { defineCall } from '../call';
import { Envelope, Id, ListTotal, listParams, Text, Timestamp, TotalIsLowerBound } from '../common';

export const INTEREST_TEXTS = {
  nameRequired: 'Name is required',
  deleteConfirm: 'Are you sure? Do you want to delete this interest?',
} as const;

export const InterestRow = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
  campaigns_count: z.number().int().describe('Campaigns using it; it can be deleted only at 0'),
});
export type InterestRow = z.infer<typeof InterestRow>;

export const INTEREST_LIST_ORDER = ['name', 'created_at', 'updated_at', 'id'] as const;

const InterestName = Text({ error: INTEREST_TEXTS.nameRequired })
  .trim()
  .min(1, INTEREST_TEXTS.nameRequired)
  .max(100, 'name: must be at most 100 characters');

export const interestsCalls = {
  interestsList: defineCall({
    method: 'GET',
    path: 'campaign-interests',
    permission: 'campaign_interests',
    summary: 'Interest tags with how many campaigns use each',
    request: listParams(INTEREST_LIST_ORDER, { order_by: 'created_at', direction: 'desc' }),
    response: Envelope.extend({
      data: z.array(InterestRow),
      total: ListTotal,
      total_is_lower_bound: TotalIsLowerBound,
    }),
  }),
  interestsCreate: defineCall({
    method: 'POST',
    path: 'campaign-interests',
    audit: { target: 'interest', id: 'id' },
    permission: 'campaign_interests_add',
    summary: 'Adds an interest (names are unique, ignoring case)',
    request: z.object({ name: InterestName }),
    response: Envelope.extend({ data: InterestRow }),
  }),
  interestsUpdate: defineCall({
    method: 'PUT',
    path: 'campaign-interests',
    audit: { target: 'interest', id: 'id' },
    permission: 'campaign_interests_update',
    summary: 'Renames an interest',
    request: z.object({ id: Id, name: InterestName }),
    response: Envelope.extend({ data: InterestRow }),
  }),
  interestsDelete: defineCall({
    method: 'DELETE',
    path: 'campaign-interests',
    audit: { target: 'interest', id: 'id' },
    permission: 'campaign_interests_delete',
    summary: 'Deletes an interest no campaign uses (409 otherwise)',
    request: z.object({ id: Id }),
    response: Envelope,
  }),
};
