import { calls, hasPermission } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { forbidden } from '../../http/errors';
import { route } from '../../http/route';
import { assertMayCreate } from '../ranks';
import { usersCsvStream } from './csv-stream';
import { lookupUsers } from './lookup';
import * as users from './service';

export async function usersRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, calls.usersList, async ({ input, user, reply }) => {
    if (input.format === 'csv') {
      if (!hasPermission(user, 'users_list_csv')) {
        throw forbidden('Downloading the users CSV needs the users_list_csv permission');
      }
      const stream = await usersCsvStream(deps.database, 'active', input.query);
      reply.raw.on('close', () => stream.destroy());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="users.csv"')
        .header('cache-control', 'no-store')
        .send(stream);
    }
    const { users: rows, total, total_is_lower_bound } = await users.listUsers(deps.listDb, 'active', input);
    return { users: rows, total_users: total, total_is_lower_bound };
  });
  route(app, calls.userLookup, async ({ input }) => ({ data: await lookupUsers(deps.db, input.query) }));
  route(app, calls.deletedUsers, async ({ input }) => {
    const { users: rows, total, total_is_lower_bound } = await users.listUsers(deps.listDb, 'deleted', input);
    return { users: rows, total_users: total, total_is_lower_bound };
  });
  route(app, calls.reportedUsers, async ({ input }) => {
    const { users: rows, total, total_is_lower_bound } = await users.listReportedUsers(deps.listDb, input);
    return { users: rows, total_users: total, total_is_lower_bound };
  });
  route(app, calls.adminUsersList, async ({ input }) => {
    const { users: rows, total, total_is_lower_bound } = await users.listAdminUsers(deps.listDb, input);
    return { users: rows, total_users: total, total_is_lower_bound };
  });
  route(app, calls.createUser, async ({ input, user }) => {
    assertMayCreate(user, input.is_admin);
    const data = await users.createUser(deps.db, input);
    return {
      responseCode: 201,
      responseMessage: input.is_admin ? 'Backend user created successfully' : 'User created successfully',
      data,
    };
  });
}
