import { z } from 'zod';
import { defineCall } from '../call';
import { Envelope, Id, Int, Page, Text, Timestamp } from '../common';
import { MAX_PAGE_LIMIT, PAGE_SIZE } from '../constants';

/**
 * Access requests: a staff member without `conversation` asks for it (spec 01 section 2,
 * Conversation: 'Request access'); whoever may grant it answers on the Access requests page.
 */
export const ACCESS_REQUEST_STATUSES = ['pending', 'granted', 'denied'] as const;
export type AccessRequestStatus = (typeof ACCESS_REQUEST_STATUSES)[number];

/** What a request asks for: the one permission there is a request button for. */
export const ACCESS_REQUEST_PERMISSIONS = ['conversation'] as const;

/** The permission a grant needs (it is a per-user grant, as on the user permissions screen). */
export const ACCESS_REQUEST_REVIEW_PERMISSION = 'user_permissions_update';

/** The socket room whose sockets hear every new and answered request (access_requests_watch). */
export const ACCESS_REQUESTS_ROOM = 'access-requests';

const Person = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
});

export const ConversationAccessRequest = z.object({
  id: z.number().int(),
  requester: Person,
  permission: z.enum(ACCESS_REQUEST_PERMISSIONS).describe('What is asked for'),
  message: z.string().nullable().describe("The requester's message"),
  status: z.enum(ACCESS_REQUEST_STATUSES),
  decided_by: z.string().nullable().describe('Username of who granted or declined it'),
  decided_by_name: z.string().nullable().describe('Name of who granted or declined it'),
  decided_at: Timestamp.nullable(),
  note: z.string().nullable().describe("The answer's note to the requester"),
  created_at: Timestamp,
});
export type ConversationAccessRequest = z.infer<typeof ConversationAccessRequest>;

/** A request as its reviewers see it: whether they themselves may answer it, and why not. */
export const ReviewedAccessRequest = ConversationAccessRequest.extend({
  refusal: z
    .object({
      grant: z.string().nullable().describe('Why you may not grant it (ranks), null when you may'),
      decline: z.string().nullable().describe('Why you may not decline it, null when you may'),
    })
    .nullable()
    .describe('Null once answered'),
});
export type ReviewedAccessRequest = z.infer<typeof ReviewedAccessRequest>;

/** The socket event `access_request`: a request was made or answered (refetch what shows it). */
export interface AccessRequestEvent {
  id: number;
  status: AccessRequestStatus;
  requester_id: number;
}

const Note = Text()
  .trim()
  .max(1000, 'Note is at most 1000 characters')
  .optional()
  .transform((v) => v || undefined)
  .describe('Shown to the requester on the page and in the mail');

const Answer = z.object({ id: Id, note: Note });

export const accessRequestCalls = {
  conversationAccessRequest: defineCall({
    method: 'POST',
    path: 'conversation-access-request',
    audit: { target: 'conversation_access_request', id: null },
    summary:
      'Ask for the conversation permission (one pending request at a time); the staff who may grant ' +
      'it are told (mail, and live on their Access requests count)',
    request: z.object({
      message: Text()
        .trim()
        .max(1000, 'Message is at most 1000 characters')
        .optional()
        .transform((v) => v || undefined),
    }),
    response: Envelope.extend({ data: ConversationAccessRequest }),
  }),
  myConversationAccessRequest: defineCall({
    method: 'GET',
    path: 'conversation-access-request',
    summary: "The signed-in staff member's latest access request (with its answer and note), or null",
    request: z.object({}),
    response: Envelope.extend({ data: ConversationAccessRequest.nullable() }),
  }),
  conversationAccessRequests: defineCall({
    method: 'GET',
    path: 'conversation-access-requests',
    permission: ACCESS_REQUEST_REVIEW_PERMISSION,
    summary:
      'Access requests to review, newest first, each saying whether you may answer it (ranks); ' +
      '`answered` is granted and declined together',
    request: z.object({
      status: z.enum([...ACCESS_REQUEST_STATUSES, 'answered', 'all']).default('pending'),
      page: Page,
      page_limit: Int(1, MAX_PAGE_LIMIT).default(PAGE_SIZE),
    }),
    response: Envelope.extend({ data: z.array(ReviewedAccessRequest), total: z.number().int() }),
  }),
  conversationAccessRequestCount: defineCall({
    method: 'GET',
    path: 'conversation-access-requests/count',
    permission: ACCESS_REQUEST_REVIEW_PERMISSION,
    summary: 'Pending access requests: all of them, and those you may answer (the count in the shell)',
    request: z.object({}),
    response: Envelope.extend({
      data: z.object({
        pending: z.number().int(),
        answerable: z.number().int().describe('Pending requests your rank lets you answer'),
      }),
    }),
  }),
  grantConversationAccess: defineCall({
    method: 'POST',
    path: 'conversation-access-requests/:id/grant',
    audit: { target: 'conversation_access_request', id: 'id' },
    permission: ACCESS_REQUEST_REVIEW_PERMISSION,
    summary:
      'Grant the conversation permission to the requester (a per-user grant; ranks apply, and you ' +
      'must hold conversation yourself); the requester is told live and by mail',
    request: Answer,
    response: Envelope.extend({ data: ConversationAccessRequest }),
  }),
  denyConversationAccess: defineCall({
    method: 'POST',
    path: 'conversation-access-requests/:id/deny',
    audit: { target: 'conversation_access_request', id: 'id' },
    permission: ACCESS_REQUEST_REVIEW_PERMISSION,
    summary: 'Decline a pending request, with a note; the requester is told live and by mail',
    request: Answer,
    response: Envelope.extend({ data: ConversationAccessRequest }),
  }),
};
