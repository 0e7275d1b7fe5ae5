import { calls } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { assertMayActOnUser } from '../ranks';
import * as profile from './service';

export async function profileRoutes(app: FastifyInstance, { db, listDb, clock }: AppDeps) {
  route(app, calls.userProfile, ({ input }) => profile.getDetails(db, input.id));
  route(app, calls.followers, ({ input }) => profile.listFollows(listDb, 'followers', input));
  route(app, calls.following, ({ input }) => profile.listFollows(listDb, 'following', input));
  route(app, calls.favourites, ({ input }) => profile.listFavourites(listDb, input));
  route(app, calls.suspendAccount, async ({ input, user }) => {
    await assertMayActOnUser(db, user, input.user_id);
    return profile.suspend(db, user, input.user_id, clock.now());
  });
  route(app, calls.revokeSuspendedAccount, async ({ input, user }) => {
    await assertMayActOnUser(db, user, input.user_id);
    return profile.unsuspend(db, input.user_id);
  });
  route(app, calls.updateProfile, async ({ input, user }) => {
    await assertMayActOnUser(db, user, input.id);
    return profile.updateField(db, input);
  });
  route(app, calls.changeAppPassword, async ({ input, user }) => {
    await assertMayActOnUser(db, user, input.user_id);
    return profile.changeAppPassword(db, user, input.user_id, input.password, clock.now());
  });
  route(app, calls.makeUserAutofollow, async ({ input, user }) => {
    await assertMayActOnUser(db, user, input.user_id);
    return profile.toggleAutoFollow(db, input.user_id);
  });
  route(app, calls.enableAdvertise, async ({ input, user }) => {
    await assertMayActOnUser(db, user, input.id);
    return profile.toggleAdvertise(db, input.id);
  });
}
