import fs from 'node:fs/promises';
import path from 'node:path';
import {
  ADMIN_API_VERSION,
  API_DOC_NAMES,
  type ApiDocName,
  calls,
  hasPermission,
  TEXTS,
} from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { bearerToken } from '../../http/auth';
import { route } from '../../http/route';
import { resolveSession } from '../../sessions/resolver';
import { adminOpenApi } from './openapi';

const VERSION = /^\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** Newest first: 10.0.0 after 9.1.0, by each number. */
const newestFirst = (a: string, b: string) => {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  return y[0] - x[0] || y[1] - x[1] || y[2] - x[2];
};

/** The versions of one document that exist: published files, and the generated admin version. */
async function versionsOf(dataDir: string, name: ApiDocName): Promise<string[]> {
  const files = await fs.readdir(path.join(dataDir, 'api-docs', name)).catch(() => [] as string[]);
  const found = new Set(
    files
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5))
      .filter((v) => VERSION.test(v)),
  );
  if (name === 'admin') {
    found.add(ADMIN_API_VERSION);
  }
  return [...found].sort(newestFirst);
}

/**
 * OpenAPI documents under /api-docs/{name}/{version}.json (outside /api/v2). The admin API's
 * current version is generated from the contract; every other document is a file an operator
 * places in $DATA_DIR/api-docs/{name}/{version}.json. Reading one needs api_documentation.
 */
export async function docsRoutes(app: FastifyInstance, { db, config, clock }: AppDeps) {
  route(app, calls.apiDocVersions, async ({ input }) => ({
    data: await versionsOf(config.dataDir, input.name),
  }));
  let generated: string | undefined;
  app.get<{ Params: { name: string; file: string } }>('/api-docs/:name/:file', async (req, reply) => {
    const token = bearerToken(req);
    const user = token ? await resolveSession(db, token, 'admin', clock.now()) : null;
    if (!user) {
      return reply
        .status(401)
        .send({ responseCode: 401, responseMessage: token ? TEXTS.sessionEnded : TEXTS.unauthorized });
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
          ? `The ${name} API document version ${version} has not been published.`
          : `The ${name} API document version ${version} is not valid JSON`,
      });
    }
  });
}
