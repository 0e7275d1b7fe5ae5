import { Card, SimpleGrid, Text } from '@mantine/core';
import type { Desk } from './use-desk';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="sm" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={{ base: 'lg', sm: 'xl' }} fw={700} data-testid={`stat-${label}`}>
        {value}
      </Text>
    </Card>
  );
}

/** The counts at the top of the desk. */
export function StatsBar({ desk }: { desk: Desk }) {
  const s = desk.stats.data;
  const median = s?.median_minutes_to_decision;
  const medianText =
    median === null || median === undefined
      ? '-'
      : median < 60
        ? `${Math.round(median)} min`
        : median < 48 * 60
          ? `${(median / 60).toFixed(1)} h`
          : `${(median / 1440).toFixed(1)} days`;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mb="md">
      <Stat label="Open" value={s ? s.open.toLocaleString('en-US') : '-'} />
      <Stat label="In review" value={s ? s.in_review.toLocaleString('en-US') : '-'} />
      <Stat label="Decided today" value={s ? s.decided_today.toLocaleString('en-US') : '-'} />
      <Stat label="Median time to decision (7 days)" value={s ? medianText : '-'} />
    </SimpleGrid>
  );
}
