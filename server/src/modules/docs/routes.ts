import fs from 'node:fs/promises';
import path from 'node:path';
import { ADMIN_API_VERSION, API_DOC_NAMES, type ApiDocName, hasPermission } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import { bearerToken } from '../../http/auth';
import { resolveSession } from '../auth/sessions';
import { adminOpenApi } from './openapi';

const VERSION = /^\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/**
 * OpenAPI documents under /api-docs/{name}/{version}.json (outside /api/v2). The admin API's
 * current version is generated from the contract; every other document is a file an operator
 * places in $DATA_DIR/api-docs/{name}/{version}.json. Reading one needs api_documentation.
 */
export async function docsRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  let generated: string | undefined;
  app.get<{ Params: { name: string; file: string } }>('/api-docs/:name/:file', async (req, reply) => {
    const token = bearerToken(req);
    const user = token ? await resolveSession(db, token, 'admin') : null;
    if (!user) {
      return reply
        .status(401)
        .send({ responseCode: 401, responseMessage: 'You are not authorized to perform this action' });
    }
    if (!hasPermission(user, 'api_documentation')) {
      return reply
        .status(403)
        .send({ responseCode: 403, responseMessage: 'You are not authorize to access this page' });
    }
    const { name, file } = req.params;
    const version = file.replace(/\.json$/, '');
    if (
      !(API_DOC_NAMES as readonly string[]).includes(name) ||
      !file.endsWith('.json') ||
      !VERSION.test(version)
    ) {
      return reply.status(404).send({
        responseCode: 404,
        responseMessage: `No such API document: ${name}/${file} (names: ${API_DOC_NAMES.join(', ')}; versions like 2.0.0)`,
      });
    }
    reply.header('cache-control', 'no-cache');
    if (name === 'admin' && version === ADMIN_API_VERSION) {
      generated ??= JSON.stringify(adminOpenApi());
      return reply.type('application/json').send(generated);
    }
    const filePath = path.join(config.dataDir, 'api-docs', name as ApiDocName, `${version}.json`);
    try {
      const text = await fs.readFile(filePath, 'utf8');
      JSON.parse(text);
      return reply.type('application/json').send(text);
    } catch (err) {
      const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
      return reply.status(missing ? 404 : 500).send({
        responseCode: missing ? 404 : 500,
        responseMessage: missing
          ? `The ${name} API document version ${version} has not been published yet (expected at api-docs/${name}/${version}.json in the data directory)`
          : `The ${name} API document version ${version} is not valid JSON`,
      });
    }
  });
}
