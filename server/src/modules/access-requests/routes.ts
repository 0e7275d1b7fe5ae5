import { calls, hasPermission, type InputOf } from '@admin/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { afterCommit } from '../../db/tx';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../http/auth';
import { conflict, notFound, outranked } from '../../http/errors';
import { route } from '../../http/route';
import { tellGrantors, tellRequester } from './notify';
import * as access from './service';

export async function accessRequestRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, mailer } = deps;
  const notify = { app, mailer };

  /** Answers a request when `user` may (ranks, and holding what a grant gives); then tells the requester. */
  const answer = async (
    user: AuthUser,
    input: InputOf<typeof calls.grantConversationAccess>,
    decision: 'granted' | 'denied',
  ) => {
    const requester = await access.requesterOf(db, input.id);
    if (!requester) {
      throw notFound(`Access request ${input.id} does not exist`);
    }
    const refusal = access.answerRefusal(user, requester)[decision === 'granted' ? 'grant' : 'decline'];
    if (refusal) {
      throw outranked(refusal);
    }
    const data = await access.answerAccessRequest(db, { ...input, deciderId: user.id, decision });
    const email = await emailOf(requester.id);
    afterCommit(() => tellRequester(notify, data, email));
    return data;
  };
  const emailOf = async (userId: number) => {
    const [row] = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)));
    return row?.email ?? null;
  };

  route(app, calls.conversationAccessRequest, async ({ input, user }) => {
    if (hasPermission(user, 'conversation')) {
      throw conflict('You already have access to conversations');
    }
    const data = await access.createAccessRequest(db, user.id, input.message);
    const grantors = await access.grantorsOf(db, {
      id: user.id,
      rank: user.is_sup_admin ? 'super_admin' : 'staff',
    });
    afterCommit(() => tellGrantors(notify, data, grantors));
    return {
      responseCode: 201,
      responseMessage: 'Your request was sent to the staff who can grant access.',
      data,
    };
  });
  route(app, calls.myConversationAccessRequest, async ({ user }) => ({
    data: await access.latestAccessRequest(db, user.id),
  }));
  route(app, calls.conversationAccessRequests, ({ input, user }) =>
    access.listAccessRequests(deps.listDb, user, input),
  );
  route(app, calls.conversationAccessRequestCount, async ({ user }) => ({
    data: await access.countAccessRequests(db, user),
  }));
  route(app, calls.grantConversationAccess, async ({ input, user }) => ({
    responseMessage: 'Access granted',
    data: await answer(user, input, 'granted'),
  }));
  route(app, calls.denyConversationAccess, async ({ input, user }) => ({
    responseMessage: 'Request declined',
    data: await answer(user, input, 'denied'),
  }));
}
