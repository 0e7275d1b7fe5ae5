// The campaigns module's services, one file per sub-area; routes and the bench import them here.

export { createCharge, listCharges, updateCharge } from './charges';
export { campaignInsights } from './insights';
export { type CampaignUsersInput, campaignUsersPageSql, listCampaigns, listCampaignUsers } from './list';
export { approveCampaign, campaignDetails, changeCampaignStatus } from './review';
export { deleteSetting, listSettings, saveSetting } from './settings';
