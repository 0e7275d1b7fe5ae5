// Telling people about access requests: the grantors of a new one, the requester of an answer.
// Everything here runs after COMMIT (afterCommit in the routes): a call that rolls back tells nobody.
import {
  ACCESS_REQUEST_REVIEW_PERMISSION,
  ACCESS_REQUESTS_ROOM,
  type AccessRequestEvent,
  type ConversationAccessRequest,
} from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../../providers/mail';

const PAGE = 'Access requests (/access-requests)';
const WHAT = 'access to conversations (the conversation permission)';

const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The mail to each staff member who may grant a new request. */
function requestMail(request: ConversationAccessRequest) {
  const { name, username } = request.requester;
  return {
    subject: `Access request from ${name}`,
    text: [
      `${name} (@${username}) asks for ${WHAT}, sent ${utc(request.created_at)}.`,
      '',
      request.message ? `Their message: "${request.message}"` : 'They left no message.',
      '',
      `Answer it in the Admin Panel under ${PAGE}: grant it, or decline it with a note.`,
      'You receive this mail because you may grant it.',
    ].join('\n'),
  };
}

/** The mail to the requester once their request is answered, with the note. */
function answerMail(request: ConversationAccessRequest) {
  const granted = request.status === 'granted';
  const who = request.decided_by_name ?? request.decided_by ?? 'A staff member';
  return {
    subject: `Your access request was ${granted ? 'granted' : 'declined'}`,
    text: [
      `${who} ${granted ? 'granted' : 'declined'} your request of ${utc(request.created_at)} for ${WHAT}.`,
      ...(request.note ? ['', `Note from ${who}: "${request.note}"`] : []),
      '',
      granted
        ? "A user's Conversation tab now shows their chats (reload the Admin Panel if it is open)."
        : "You can ask again from a user's Conversation tab.",
    ].join('\n'),
  };
}

interface Notify {
  app: FastifyInstance;
  mailer: Mailer;
}

function event(request: ConversationAccessRequest): AccessRequestEvent {
  return { id: request.id, status: request.status, requester_id: request.requester.id };
}

/**
 * To the reviewers' room: only sockets whose staff still hold user_permissions_update when it is
 * sent hear it (a socket whose grant or session is gone leaves the room).
 */
function tellReviewers(app: FastifyInstance, e: AccessRequestEvent) {
  app.realtime
    ?.emitToHolders(
      { room: ACCESS_REQUESTS_ROOM, permission: ACCESS_REQUEST_REVIEW_PERMISSION },
      'access_request',
      e,
    )
    .catch((err) => app.log.warn({ err }, 'sending an access request event failed'));
}

/** A new request: the reviewers' sockets refetch their count, each grantor gets a mail. */
export async function tellGrantors(
  { app, mailer }: Notify,
  request: ConversationAccessRequest,
  grantors: { email: string }[],
) {
  tellReviewers(app, event(request));
  const mail = requestMail(request);
  const sent = await Promise.allSettled(grantors.map((g) => mailer.send({ to: g.email, ...mail })));
  const failed = sent.filter((s) => s.status === 'rejected');
  if (failed.length > 0) {
    app.log.error(
      { err: (failed[0] as PromiseRejectedResult).reason, requestId: request.id, failed: failed.length },
      'mailing an access request to its grantors failed',
    );
  }
}

/** An answer: the reviewers' sockets and the requester's own sockets hear it; the requester gets a mail. */
export async function tellRequester(
  { app, mailer }: Notify,
  request: ConversationAccessRequest,
  email: string | null,
) {
  const e = event(request);
  tellReviewers(app, e);
  app.realtime?.toStaff(request.requester.id).emit('access_request', e);
  if (!email) {
    return;
  }
  try {
    await mailer.send({ to: email, ...answerMail(request) });
  } catch (err) {
    app.log.error({ err, requestId: request.id }, 'mailing the answer to an access request failed');
  }
}
