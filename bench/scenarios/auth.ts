// Sign-in (issue 2): the call every screen makes first. Its SQL is the guard's session query and the
// handler's widget query, both the service's own builders.
import { widgetsQuery } from '../../server/src/modules/auth/service';
import { sessionQuery } from '../../server/src/modules/auth/sessions';
import type { BenchContext, Scenario } from '../lib/types';

export const scenarios = (ctx: BenchContext): Scenario[] => [
  {
    name: 'get-login-data',
    url: '/api/v2/get-login-data',
    sql: [sessionQuery(ctx.token, 'admin'), widgetsQuery(ctx.superAdminId)],
  },
];
