import { calls } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { listSearches } from './service';

export async function searchesRoutes(app: FastifyInstance, { listDb }: AppDeps) {
  route(app, calls.searches, async ({ input }) => listSearches(listDb, input));
}
