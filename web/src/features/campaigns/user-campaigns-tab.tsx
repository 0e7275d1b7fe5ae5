import { CampaignsTable } from './campaigns-table';

/** The profile's Campaigns tab: that customer's campaigns, same table as the list. */
export default function UserCampaignsTab({ userId }: { userId: number }) {
  return <CampaignsTable userId={userId} />;
}
