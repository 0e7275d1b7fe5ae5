import { CAMPAIGN_TEXTS } from '@admin/contract';
import { Badge, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { calls } from '../../api/calls';
import { alertUnlessMissing, useApiQuery } from '../../api/hooks';
import { paths } from '../../paths';
import { type DateRange, DateRangeInput, rangeParams } from '../../ui/date-range-input';
import { ErrorAlert } from '../../ui/error-alert';
import { RecordError } from '../../ui/missing-record';
import { PageHeader } from '../../ui/page-header';
import { PageLoader } from '../../ui/page-loader';
import { DetailTable } from './campaign-detail-table';
import { Counters, InsightCards } from './campaign-insight';
import { Media } from './campaign-media';
import { ApproveButton, StatusBadge, StatusChanger } from './status-change';

/** Campaign details and insight (spec 02 Campaign details). */
export default function CampaignDetailsPage() {
  const param = useParams().campaignId ?? '';
  const id = Number(param);
  const validId = Number.isInteger(id) && id > 0;
  const [range, setRange] = useState<DateRange>([null, null]);
  const details = useApiQuery(
    calls.campaignDetails,
    { id },
    { enabled: validId, placeholderData: undefined, alertOnError: alertUnlessMissing },
  );
  // Asked for beside the details; a missing campaign is said once, by the details' state.
  const insights = useApiQuery(
    calls.campaignInsights,
    { id, ...rangeParams(range) },
    { enabled: validId, alertOnError: alertUnlessMissing },
  );

  if (!validId || (details.isError && !details.data)) {
    return (
      <>
        <PageHeader title="Campaign Details" />
        <RecordError
          error={validId ? details.error : null}
          thing="Campaign"
          id={param}
          back={{ to: paths.campaignList, label: 'Campaign List' }}
          onRetry={() => void details.refetch()}
        />
      </>
    );
  }
  if (details.isPending) {
    return <PageLoader />;
  }
  const c = details.data.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title={c.campaign_name}
        subtitle={`${c.customer_name} (@${c.username})`}
        actions={
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Status
            </Text>
            <StatusBadge row={c} />
            <Badge color={c.is_approved ? 'teal' : 'gray'} variant="outline" data-testid="approval">
              {c.is_approved ? CAMPAIGN_TEXTS.approved : CAMPAIGN_TEXTS.notApproved}
            </Badge>
          </Group>
        }
      />
      <Card withBorder radius="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <StatusChanger campaignId={c.id} />
          {c.is_approved ? null : <ApproveButton row={c} size="sm" />}
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Media c={c} />
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h4">
              Insight
            </Title>
            <DateRangeInput value={range} onChange={setRange} w={260} />
          </Group>
          {insights.isError && !insights.data ? (
            <ErrorAlert error={insights.error} onRetry={() => insights.refetch()} />
          ) : insights.data ? (
            <Counters insight={insights.data.insight} />
          ) : (
            <Center py="lg">
              <Loader size="sm" />
            </Center>
          )}
        </Stack>
      </SimpleGrid>
      {insights.data ? (
        <InsightCards c={c} insight={insights.data.insight} declines={insights.data.decline_history} />
      ) : null}
      <DetailTable c={c} />
    </Stack>
  );
}
