import { CampaignListView } from './campaign-list-view';

export default function CampaignListPage() {
  return <CampaignListView deleted={false} />;
}
