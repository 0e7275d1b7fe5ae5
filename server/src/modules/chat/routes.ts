import { calls } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import { afterCommit } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { forbidden, userNotFound } from '../../http/errors';
import { route } from '../../http/route';
import { createSession } from '../auth';
import * as chat from './service';

export async function chatRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, listDb } = deps;
  route(app, calls.chatRooms, ({ input }) => chat.listRooms(listDb, input));
  route(app, calls.chatMessages, ({ input }) => chat.listRoomMessages(listDb, input));
  route(app, calls.directMessages, ({ input }) => chat.listDirectMessages(listDb, input));
  route(app, calls.sendDirectMessage, async ({ input, user }) => {
    const { data, created } = await chat.storeDirectMessage(db, {
      userId: input.user_id,
      senderId: user.id,
      message: input.message,
      timestamp: input.timestamp,
    });
    // Delivered live to the user's devices and to staff watching the thread once it is stored.
    if (created) {
      afterCommit(() => app.realtime?.emitDirect(data));
    }
    return { responseCode: created ? 201 : 200, responseMessage: 'Message sent', data };
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
}
