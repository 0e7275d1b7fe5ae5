// The campaigns module's services, one file per sub-area; routes import them here (the bench: bench.ts).

export { createCharge, listCharges, updateCharge } from './charges';
export { campaignInsights } from './insights';
export { listCampaigns, listCampaignUsers } from './list';
export { approveCampaign, campaignDetails, changeCampaignStatus } from './review';
export { deleteSetting, listSettings, saveSetting } from './settings';
