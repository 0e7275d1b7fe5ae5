import { Badge, Card, Group, Loader, Skeleton, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../../ui/error-alert';

/** The date range every widget receives. */
export type Range = { start_date: string; end_date: string };

export const NO_DATA = 'No data for this date range';
export const dayLabel = (d: string) => `${d.slice(5, 7)}-${d.slice(8, 10)}`;

export const COLORS = [
  'blue.6',
  'teal.6',
  'grape.6',
  'orange.6',
  'cyan.6',
  'pink.6',
  'lime.6',
  'indigo.6',
  'red.6',
  'yellow.6',
];

/** The frame of one widget: title, its own loader while its call runs, the error alert. */
export function Frame({
  title,
  query,
  badge,
  children,
}: {
  title: string;
  query: { isFetching: boolean; isError: boolean; error: unknown; data: unknown; refetch: () => unknown };
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" h="100%" aria-label={title} aria-busy={query.isFetching} component="section">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h5">
          {title}
        </Title>
        <Group gap="xs" wrap="nowrap">
          {badge}
          {query.isFetching ? <Loader size="xs" aria-label={`${title} loading`} /> : null}
        </Group>
      </Group>
      {query.isError && !query.data ? (
        <ErrorAlert error={query.error} onRetry={() => query.refetch()} />
      ) : !query.data ? (
        <Skeleton h={220} />
      ) : (
        children
      )}
    </Card>
  );
}

export function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Card withBorder radius="sm" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
    </Card>
  );
}

export const allZero = (rows: Record<string, unknown>[], keys: string[]) =>
  rows.every((r) => keys.every((k) => !Number(r[k])));

export const sourceBadge = (source?: string) =>
  source ? (
    <Badge variant="light" color={source === 'ga4' ? 'orange' : 'gray'}>
      {source === 'ga4' ? 'Google Analytics' : 'Platform events'}
    </Badge>
  ) : null;

/** A ranked list as a table: the first `textColumns` read left, the figures after them read right. */
export function RankTable({
  title,
  columns,
  textColumns = 1,
  rows,
}: {
  title: string;
  columns: string[];
  textColumns?: number;
  rows: { key: string; cells: ReactNode[] }[];
}) {
  const align = (i: number) => (i < textColumns ? undefined : 'right');
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped aria-label={`${title} table`}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c, i) => (
              <Table.Th key={c} ta={align(i)}>
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              {r.cells.map((c, i) => (
                <Table.Td key={columns[i]} ta={align(i)}>
                  {c}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
