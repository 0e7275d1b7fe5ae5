import { BarChart } from '@mantine/charts';
import { Group, Stack, Text } from '@mantine/core';
import { calls } from '../../../api/calls';
import { useApiQuery } from '../../../api/hooks';
import { money } from '../../../lib/format';
import { EmptyState } from '../../../ui/empty-state';
import { allZero, dayLabel, Frame, NO_DATA, type Range } from './frame';

export function AdsTransactions({ title, range }: { title: string; range: Range }) {
  const q = useApiQuery(calls.adsTransactions, range);
  const d = q.data?.data;
  return (
    <Frame title={title} query={q}>
      {d ? (
        allZero(d, ['debit', 'credit']) ? (
          <EmptyState text={NO_DATA} />
        ) : (
          <Stack>
            <Group gap="lg">
              <Text size="sm">
                Credit: <b>{money(d.reduce((s, r) => s + r.credit, 0))}</b>
              </Text>
              <Text size="sm">
                Debit: <b>{money(d.reduce((s, r) => s + r.debit, 0))}</b>
              </Text>
            </Group>
            <BarChart
              h={260}
              data={d.map((r) => ({ ...r, day: dayLabel(r.date) }))}
              dataKey="day"
              withLegend
              valueFormatter={(v) => money(v)}
              series={[
                { name: 'credit', label: 'Credit', color: 'teal.6' },
                { name: 'debit', label: 'Debit', color: 'red.6' },
              ]}
            />
          </Stack>
        )
      ) : null}
    </Frame>
  );
}
