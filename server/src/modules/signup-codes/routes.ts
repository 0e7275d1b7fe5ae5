import { calls } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { createSignupCode, deleteSignupCode, listSignupCodes, updateSignupCode } from './service';

export async function signupCodesRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, calls.signupCodesList, async ({ input }) => listSignupCodes(deps.listDb, input));
  route(app, calls.signupCodeCreate, async ({ input }) => createSignupCode(deps.db, input.code));
  route(app, calls.signupCodeUpdate, async ({ input }) => updateSignupCode(deps.db, input.id, input.code));
  route(app, calls.signupCodeDelete, async ({ input }) => deleteSignupCode(deps.db, input.id));
}
