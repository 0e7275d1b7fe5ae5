import { CampaignCalendar } from './campaign-calendar';

/** The profile's Ad Settings tab: the same calendar for this customer's own settings. */
export default function AdSettingsTab({ userId }: { userId: number }) {
  return <CampaignCalendar userId={userId} />;
}
