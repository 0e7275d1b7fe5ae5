import { calls, hasPermission } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { forbidden } from '../../http/errors';
import { route } from '../../http/route';
import { enrichmentValues } from '../settings';
import { etagMatches, pageEtag, renderNotFoundPage, renderPublicPage } from './public-page';
import { getStaticPage, isStaticPageKey, saveStaticPage, staticPageVersion } from './service';

export async function cmsRoutes(app: FastifyInstance, { db }: AppDeps) {
  // GET settings serves two screens: a static page (data_key) and the enrichment view (data_keys),
  // whose values and defaults are the settings area's.
  route(app, calls.getSettings, async ({ input, user }) => {
    if (input.data_keys) {
      if (!hasPermission(user, 'change_enrichment_settings')) {
        throw forbidden();
      }
      return { settings: await enrichmentValues(db, input.data_keys) };
    }
    if (!hasPermission(user, 'view_static_pages')) {
      throw forbidden();
    }
    // The contract guarantees data_key when data_keys is absent.
    return { data: await getStaticPage(db, input.data_key as NonNullable<typeof input.data_key>) };
  });

  route(app, calls.saveSettings, async ({ input, user }) => ({
    responseMessage: 'Page saved successfully',
    data: await saveStaticPage(db, input.data_key, input.data, user.id),
  }));

  // Public, read-only: the mobile app opens these in a web view. The stored HTML is served as it
  // is (sanitised at save); a client holding the current version gets a 304 without the page.
  app.get<{ Params: { name: string } }>('/pages/:name', async (req, reply) => {
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache');
    const key = req.params.name;
    if (!isStaticPageKey(key)) {
      return reply.status(404).send(renderNotFoundPage());
    }
    const version = await staticPageVersion(db, key);
    const etag = pageEtag(key, version?.updatedAt ?? null);
    reply.header('etag', etag);
    if ((!version || version.sanitized) && etagMatches(req.headers['if-none-match'], etag)) {
      return reply.status(304).send();
    }
    return reply.send(renderPublicPage(await getStaticPage(db, key)));
  });
}
