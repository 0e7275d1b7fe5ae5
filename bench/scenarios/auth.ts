// Sign-in (issue 2): the call every screen makes first.
import { createHash } from 'node:crypto';
import type { BenchContext, Scenario } from '../lib/types';

const PERMISSIONS = `
  SELECT p.name, 'group' AS source FROM user_groups ug
    JOIN group_permissions gp ON gp.group_id = ug.group_id
    JOIN permissions p ON p.id = gp.permission_id
   WHERE ug.user_id = $1
  UNION
  SELECT p.name, 'user' AS source FROM user_permissions up
    JOIN permissions p ON p.id = up.permission_id
   WHERE up.user_id = $1`;

export const scenarios = (ctx: BenchContext): Scenario[] => [
  {
    name: 'get-login-data',
    url: '/api/v2/get-login-data',
    // The session guard (token -> session and user, then grants), then the handler (user, grants, widgets).
    sql: [
      {
        text: `SELECT s.id, s.last_used_at, s.expires_at, u.id, u.username, u.name, u.email, u.avatar,
                 u.is_sup_admin, u.is_admin, u.is_suspended, u.deleted_at
               FROM sessions s JOIN users u ON u.id = s.user_id
               WHERE s.token_hash = $1 AND s.kind = 'admin' AND s.revoked_at IS NULL LIMIT 1`,
        values: [createHash('sha256').update(ctx.token).digest('hex')],
      },
      { text: PERMISSIONS, values: [ctx.superAdminId] },
      { text: 'SELECT * FROM users WHERE id = $1', values: [ctx.superAdminId] },
      { text: PERMISSIONS, values: [ctx.superAdminId] },
      { text: 'SELECT * FROM dashboard_widgets WHERE user_id = $1', values: [ctx.superAdminId] },
    ],
  },
];
