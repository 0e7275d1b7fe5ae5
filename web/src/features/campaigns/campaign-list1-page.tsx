import { ComingSoon } from '../../ui/coming-soon';

export default function CampaignList1Page() {
  return <ComingSoon title="Campaign List" order={1} />;
}
