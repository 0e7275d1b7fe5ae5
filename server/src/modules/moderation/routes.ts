import { calls, MODERATION_BULK_MAX, MODERATION_CLAIM_MS, type ModerationEvent } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import { afterCommit } from '../../db/tx';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { bulkDismiss, decideCase, undoDecision } from './decisions';
import { emitModeration, listenForReports } from './live';
import { caseById, casesByIds, listCases } from './queries';
import { caseDetail, caseStats, claimCase } from './service';

export async function moderationRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const by = (user: AuthUser) => ({ id: user.id, name: user.name });

  /** The case as it stands after the call, sent to every desk once the call commits. */
  const tell = async (
    user: AuthUser,
    id: number,
    kind: ModerationEvent['kind'],
    tookOverFrom: ModerationEvent['took_over_from'] = null,
  ) => {
    const data = await caseById(db, id, clock.now());
    if (!data) {
      throw notFound('Case not found');
    }
    afterCommit(() => emitModeration(app, { kind, case: data, by: by(user), took_over_from: tookOverFrom }));
    return data;
  };

  route(app, calls.moderationCases, async ({ input }) => listCases(deps.listDb, input, clock.now()));
  route(app, calls.moderationCase, async ({ input }) => ({
    data: await caseDetail(db, input.id, clock.now()),
  }));
  route(app, calls.moderationStats, async () => caseStats(db, clock.now()));

  route(app, calls.moderationClaim, async ({ input, user }) => {
    const { holder } = await claimCase(db, user, input.id, input.take_over, clock.now());
    const data = await tell(user, input.id, 'claim', holder);
    return {
      data,
      responseMessage: holder ? `You took this case over from ${holder.name}` : 'You are reviewing this case',
    };
  });

  route(app, calls.moderationDecision, async ({ input, user }) => {
    await decideCase(db, user, input, clock.now());
    return { data: await tell(user, input.id, 'decision'), responseMessage: 'Decision recorded' };
  });

  route(app, calls.moderationUndo, async ({ input, user }) => {
    const now = clock.now();
    await undoDecision(db, user, input.id, now, new Date(now.getTime() + MODERATION_CLAIM_MS));
    return { data: await tell(user, input.id, 'undo'), responseMessage: 'Decision undone' };
  });

  route(app, calls.moderationBulkDismiss, async ({ input, user }) => {
    const now = clock.now();
    const result = await bulkDismiss(db, user, input, now, MODERATION_BULK_MAX);
    const rows = await casesByIds(db, result.dismissed, now);
    afterCommit(() => {
      for (const row of rows) {
        emitModeration(app, { kind: 'decision', case: row, by: by(user), took_over_from: null });
      }
    });
    return {
      ...result,
      responseMessage: `${result.dismissed.length} case${result.dismissed.length === 1 ? '' : 's'} dismissed`,
    };
  });

  if (app.realtime) {
    const stop = await listenForReports(
      deps.database,
      (ids) => {
        void casesByIds(db, ids, clock.now()).then(
          (rows) => {
            for (const row of rows) {
              emitModeration(
                app,
                { kind: 'report', case: row, by: null, took_over_from: null },
                { local: true },
              );
            }
          },
          (err) => app.log.error({ err }, 'reading reported cases failed'),
        );
      },
      (err) => app.log.warn({ err }, 'moderation report listener'),
    ).catch((err) => {
      app.log.error({ err }, 'listening for new reports failed: desks hear of them on reload');
      return async () => {};
    });
    app.addHook('onClose', stop);
  }
}
