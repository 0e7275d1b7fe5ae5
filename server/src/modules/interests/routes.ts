import { calls } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { createInterest, deleteInterest, listInterests, updateInterest } from './service';

export async function interestsRoutes(app: FastifyInstance, { db, listDb }: AppDeps) {
  route(app, calls.interestsList, async ({ input }) => listInterests(listDb, input));

  route(app, calls.interestsCreate, async ({ input }) => ({
    responseCode: 201,
    responseMessage: 'Interest added',
    data: await createInterest(db, input.name),
  }));

  route(app, calls.interestsUpdate, async ({ input }) => ({
    responseMessage: 'Interest updated',
    data: await updateInterest(db, input.id, input.name),
  }));

  route(app, calls.interestsDelete, async ({ input }) => {
    await deleteInterest(db, input.id);
    return { responseMessage: 'Interest deleted' };
  });
}
