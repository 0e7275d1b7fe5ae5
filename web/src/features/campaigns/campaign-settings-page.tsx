import { Card, Stack } from '@mantine/core';
import { PageHeader } from '../../ui/page-header';
import { CampaignCalendar } from './campaign-calendar';

/** /campaign-calender-settings: the platform-wide calendar of pricing and delivery settings. */
export default function CampaignSettingsPage() {
  return (
    <Stack gap="md">
      <PageHeader title="Campaign Settings" subtitle="Prices and delivery limits that apply on a given day" />
      <Card withBorder radius="md" padding="sm">
        <CampaignCalendar />
      </Card>
    </Stack>
  );
}
