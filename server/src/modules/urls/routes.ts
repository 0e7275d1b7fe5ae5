import { calls } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { failedUrlsFrequency, listFailedUrls } from './service';

export async function urlsRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, calls.failedUrls, async ({ input }) => listFailedUrls(deps.listDb, input));
  route(app, calls.failedUrlsFrequency, async ({ input }) => failedUrlsFrequency(deps.listDb, input));
}
