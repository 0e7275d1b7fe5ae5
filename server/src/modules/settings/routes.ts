import { calls } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import {
  appVersionRules,
  changeEnrichmentSetting,
  checkAppVersion,
  enrichmentSettings,
  saveAppVersionRule,
} from './service';

export async function settingsRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, calls.enrichmentSettings, async ({ input }) => ({
    data: await enrichmentSettings(deps.db, input.data_keys),
  }));
  route(app, calls.changeEnrichmentSettings, async ({ input, user }) =>
    changeEnrichmentSetting(deps.db, user.id, input.data_key, input.data, deps.clock.now()),
  );
  route(app, calls.appVersionSettings, async () => ({ data: await appVersionRules(deps.db) }));
  route(app, calls.saveAppVersionSetting, async ({ input }) =>
    saveAppVersionRule(deps.db, input, deps.clock.now()),
  );
  route(app, calls.appVersionCheck, async ({ input }) => checkAppVersion(deps.db, input));
}
