import { calls } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { transactionHistory } from './service';

export async function transactionsRoutes(app: FastifyInstance, { listDb }: AppDeps) {
  route(app, calls.transactionHistory, async ({ input }) => transactionHistory(listDb, input));
}
