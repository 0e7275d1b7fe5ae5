import { z } from 'zod';
import { defineCall } from '../call';
import { Envelope, Id, ListTotal, listParams, Text, Timestamp, TotalIsLowerBound } from '../common';

export const SignupCodeRow = z.object({
  id: z.number().int(),
  code: z.string(),
  used_count: z.number().int().describe('Sign-ups that used this code'),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type SignupCodeRow = z.infer<typeof SignupCodeRow>;

export const SIGNUP_CODE_ORDER = ['created_at', 'updated_at', 'code', 'used_count', 'id'] as const;

const Code = Text({ error: 'Code is required' })
  .trim()
  .min(1, 'Code is required')
  .max(64, 'must be at most 64 characters')
  .regex(/^\S*$/, 'must not contain spaces')
  .describe('The code a new user types at sign-up; unique');

export const signupCodesCalls = {
  signupCodesList: defineCall({
    method: 'GET',
    path: 'signup/codes',
    permission: 'sugnupcodes_index',
    summary: 'Signup codes, searched by code, sorted and paged',
    request: listParams(SIGNUP_CODE_ORDER, { order_by: 'created_at', direction: 'desc' }),
    response: Envelope.extend({
      data: z.array(SignupCodeRow),
      total: ListTotal,
      total_is_lower_bound: TotalIsLowerBound,
    }),
  }),
  signupCodeCreate: defineCall({
    method: 'POST',
    path: 'signup/codes',
    audit: { target: 'signup_code', id: 'id' },
    permission: 'sugnupcodes_add',
    summary: 'Add a signup code (409 when it exists)',
    request: z.object({ code: Code }),
    response: Envelope.extend({ data: SignupCodeRow }),
  }),
  signupCodeUpdate: defineCall({
    method: 'PUT',
    path: 'signup/codes',
    audit: { target: 'signup_code', id: 'id' },
    permission: 'sugnupcodes_edit',
    summary: 'Change the text of a signup code (409 when another code has it)',
    request: z.object({ id: Id, code: Code }),
    response: Envelope.extend({ data: SignupCodeRow }),
  }),
  signupCodeDelete: defineCall({
    method: 'DELETE',
    path: 'signup/codes',
    audit: { target: 'signup_code', id: 'id' },
    alsoQuery: true,
    permission: 'sugnupcodes_delete',
    summary: 'Delete a signup code (id in the body; ?id= also works)',
    request: z.object({ id: Id }),
    response: Envelope,
  }),
};
