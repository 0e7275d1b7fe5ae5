import { calls } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { assertMayActOnUser } from '../ranks';
import {
  approveCampaign,
  campaignDetails,
  campaignInsights,
  changeCampaignStatus,
  createCharge,
  deleteSetting,
  listCampaigns,
  listCampaignUsers,
  listCharges,
  listSettings,
  saveSetting,
  updateCharge,
} from './service';

export async function campaignsRoutes(app: FastifyInstance, { db, listDb, clock }: AppDeps) {
  route(app, calls.campaignsList, async ({ input }) => listCampaigns(listDb, input, clock.now()));

  route(app, calls.campaignUsers, async ({ input }) => listCampaignUsers(listDb, input));

  route(app, calls.campaignStatusChange, async ({ input, user }) => ({
    responseMessage: `Campaign status changed to ${input.status}`,
    data: await changeCampaignStatus(db, input, user.id, clock.now()),
  }));

  route(app, calls.campaignDetails, async ({ input }) => ({
    data: await campaignDetails(db, input.id, clock.now()),
  }));

  route(app, calls.campaignInsights, async ({ input }) => campaignInsights(db, input));

  route(app, calls.approveCampaign, async ({ input, user }) => ({
    responseMessage: 'Campaign approved',
    data: await approveCampaign(db, input.id, user.id, clock.now()),
  }));

  route(app, calls.campaignChargesList, async () => ({ data: await listCharges(db) }));

  route(app, calls.campaignChargesCreate, async ({ input }) => ({
    responseCode: 201,
    responseMessage: 'Campaign charges added',
    data: await createCharge(db, input),
  }));

  route(app, calls.campaignChargesUpdate, async ({ input }) => ({
    responseMessage: 'Campaign charges updated',
    data: await updateCharge(db, input),
  }));

  route(app, calls.campaignSettingsList, async ({ input }) => ({ data: await listSettings(db, input) }));

  route(app, calls.campaignSettingsSave, async ({ input, user }) => {
    if (input.user_id) {
      await assertMayActOnUser(db, user, input.user_id);
    }
    return {
      responseCode: input.id ? 200 : 201,
      responseMessage: input.id ? 'Setting updated' : 'Setting added',
      data: await saveSetting(db, input, clock.now()),
    };
  });

  route(app, calls.campaignSettingsDelete, async ({ input }) => {
    await deleteSetting(db, input.id);
    return { responseMessage: 'Setting deleted' };
  });
}
