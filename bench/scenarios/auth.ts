// Sign-in (issue 2): the call every screen makes first. Its SQL is the guard's session query (added by
// the runner to every call) and the handler's widget query.
import { widgetsQuery } from '../../server/src/modules/auth/bench';
import type { BenchContext, Scenario } from '../lib/types';

export const scenarios = (ctx: BenchContext): Scenario[] => [
  {
    name: 'get-login-data',
    url: '/api/v2/get-login-data',
    sql: widgetsQuery(ctx.superAdminId),
  },
];
