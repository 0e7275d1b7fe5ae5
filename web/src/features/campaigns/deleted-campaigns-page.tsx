import { CampaignListView } from './campaign-list-view';

export default function DeletedCampaignsPage() {
  return <CampaignListView deleted />;
}
