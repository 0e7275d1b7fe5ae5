import { calls, hasPermission } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../http/auth';
import { conflict, forbidden, userNotFound } from '../../http/errors';
import { route } from '../../http/route';
import { createSession } from '../auth/sessions';
import { assertMayActOnUser } from '../ranks/service';
import * as chat from './service';

export async function chatRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  /** Deciding a request changes the requester's grants: the ranks rule applies to them. */
  const mayDecide = async (user: AuthUser, id: number) => {
    const requester = await chat.accessRequester(db, id);
    if (requester !== null) {
      await assertMayActOnUser(db, user, requester, 'grants');
    }
  };
  route(app, calls.chatRooms, ({ input }) => chat.listRooms(db, input));
  route(app, calls.chatMessages, ({ input }) => chat.listRoomMessages(db, input));
  route(app, calls.directMessages, ({ input }) => chat.listDirectMessages(db, input));
  route(app, calls.sendDirectMessage, async ({ input, user }) => {
    const { data, created } = await chat.storeDirectMessage(db, {
      userId: input.user_id,
      senderId: user.id,
      message: input.message,
      timestamp: input.timestamp,
    });
    // Stored first, then delivered live to the user's devices and to staff watching the thread.
    if (created) {
      app.realtime?.emitDirect(data);
    }
    return { responseCode: created ? 201 : 200, responseMessage: 'Message sent', data };
  });
  route(app, calls.conversationAccessRequest, async ({ input, user }) => {
    if (hasPermission(user, 'conversation')) {
      throw conflict('You already have access to conversations');
    }
    const data = await chat.createAccessRequest(db, user.id, input.message);
    return { responseCode: 201, responseMessage: 'Your request has been sent to the super admins', data };
  });
  route(app, calls.myConversationAccessRequest, async ({ user }) => ({
    data: await chat.latestAccessRequest(db, user.id),
  }));
  route(app, calls.conversationAccessRequests, ({ input }) => chat.listAccessRequests(db, input));
  route(app, calls.grantConversationAccess, async ({ input, user }) => {
    await mayDecide(user, input.id);
    return {
      responseMessage: 'Access granted',
      data: await chat.decideAccessRequest(db, { id: input.id, deciderId: user.id, decision: 'granted' }),
    };
  });
  route(app, calls.issueUserChatToken, async ({ input, user }) => {
    if (user.is_sup_admin !== 1) {
      throw forbidden('Only a super admin can issue a user chat token');
    }
    const target = await chat.findThreadUser(db, input.user_id);
    if (!target || target.deleted) {
      throw userNotFound();
    }
    const token = await createSession(db, target.id, 'user');
    return { data: { token, username: target.username, usertype: 'USER' as const } };
  });
  route(app, calls.denyConversationAccess, async ({ input, user }) => {
    await mayDecide(user, input.id);
    return {
      responseMessage: 'Request denied',
      data: await chat.decideAccessRequest(db, { id: input.id, deciderId: user.id, decision: 'denied' }),
    };
  });
}
