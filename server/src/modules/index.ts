import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { accessRequestRoutes } from './access-requests/routes';
import { auditRoutes } from './audit/routes';
import { authRoutes } from './auth/routes';
import { campaignsRoutes } from './campaigns/routes';
import { chatRoutes } from './chat/routes';
import { cmsRoutes } from './cms/routes';
import { dashboardRoutes } from './dashboard/routes';
import { docsRoutes } from './docs/routes';
import { groupsRoutes } from './groups/routes';
import { interestsRoutes } from './interests/routes';
import { mapRoutes } from './map/routes';
import { moderationRoutes } from './moderation/routes';
import { notificationsRoutes } from './notifications/routes';
import { permissionsRoutes } from './permissions/routes';
import { postsRoutes } from './posts/routes';
import { profileRoutes } from './profile/routes';
import { searchesRoutes } from './searches/routes';
import { securityRoutes } from './security/routes';
import { settingsRoutes } from './settings/routes';
import { signupCodesRoutes } from './signup-codes/routes';
import { transactionsRoutes } from './transactions/routes';
import { urlsRoutes } from './urls/routes';
import { usersRoutes } from './users/routes';

/** Every area's routes; an area adds itself here once. */
export const moduleRoutes: ((app: FastifyInstance, deps: AppDeps) => Promise<void>)[] = [
  authRoutes,
  securityRoutes,
  auditRoutes,
  chatRoutes,
  accessRequestRoutes,
  profileRoutes,
  usersRoutes,
  permissionsRoutes,
  groupsRoutes,
  postsRoutes,
  moderationRoutes,
  searchesRoutes,
  cmsRoutes,
  docsRoutes,
  campaignsRoutes,
  interestsRoutes,
  transactionsRoutes,
  dashboardRoutes,
  signupCodesRoutes,
  notificationsRoutes,
  settingsRoutes,
  urlsRoutes,
  mapRoutes,
];
