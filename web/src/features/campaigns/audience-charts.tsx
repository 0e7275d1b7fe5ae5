import '@mantine/charts/styles.css';
import type { CampaignInsight } from '@admin/contract';
import { BarChart, DonutChart } from '@mantine/charts';
import { SimpleGrid, Stack, Text } from '@mantine/core';

/** Audience charts (gender, age ranges, locations), loaded only with the details screen. */
export default function AudienceCharts({ audience }: { audience: CampaignInsight['audience'] }) {
  const gender = [
    { name: 'Male', value: audience.gender.male, color: 'blue.6' },
    { name: 'Female', value: audience.gender.female, color: 'pink.6' },
  ];
  const hasGender = audience.gender.male + audience.gender.female > 0;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      <Stack gap={4} align="center">
        <Text size="sm" fw={600}>
          Gender
        </Text>
        {hasGender ? (
          <DonutChart
            data={gender}
            withLabels
            withLabelsLine={false}
            labelsType="percent"
            size={140}
            thickness={24}
          />
        ) : (
          <Text size="sm" c="dimmed">
            No data
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Male {audience.gender.male}% · Female {audience.gender.female}%
        </Text>
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Age ranges
        </Text>
        <BarChart
          h={180}
          data={audience.age_range}
          dataKey="age"
          series={[{ name: 'percentage', label: '%', color: 'teal.6' }]}
          valueFormatter={(v) => `${v}%`}
          withTooltip
        />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Locations
        </Text>
        {audience.location.length ? (
          <BarChart
            h={180}
            data={audience.location}
            dataKey="name"
            orientation="vertical"
            series={[{ name: 'percentage', label: '%', color: 'indigo.6' }]}
            valueFormatter={(v) => `${v}%`}
            yAxisProps={{ width: 90 }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            No data
          </Text>
        )}
      </Stack>
    </SimpleGrid>
  );
}
