import { calls } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import { route } from '../../http/route';
import * as profile from './service';

export async function profileRoutes(app: FastifyInstance, { db }: AppDeps) {
  route(app, calls.userProfile, ({ input }) => profile.getDetails(db, input.id));
  route(app, calls.followers, ({ input }) => profile.listFollows(db, 'followers', input));
  route(app, calls.following, ({ input }) => profile.listFollows(db, 'following', input));
  route(app, calls.favourites, ({ input }) => profile.listFavourites(db, input));
  route(app, calls.suspendAccount, ({ input, user }) => profile.suspend(db, user, input.user_id));
  route(app, calls.revokeSuspendedAccount, ({ input }) => profile.unsuspend(db, input.user_id));
  route(app, calls.updateProfile, ({ input }) => profile.updateField(db, input));
  route(app, calls.changeAppPassword, ({ input, user }) =>
    profile.changeAppPassword(db, user, input.user_id, input.password),
  );
  route(app, calls.makeUserAutofollow, ({ input }) => profile.toggleAutoFollow(db, input.user_id));
  route(app, calls.enableAdvertise, ({ input }) => profile.toggleAdvertise(db, input.id));
}
