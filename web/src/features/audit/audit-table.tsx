import type { AuditRow } from '@admin/contract';
import { Anchor, Button, Code, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { calls } from '../../api/calls';
import { downloadFile } from '../../api/download';
import { useApiQuery } from '../../api/hooks';
import { notifyError } from '../../api/notify';
import { useCan } from '../../auth/can';
import { abbreviate, formatDateTime } from '../../lib/format';
import { paths } from '../../paths';
import { DateRangeInput } from '../../ui/date-range-input';
import { ErrorAlert } from '../../ui/error-alert';
import { ListTable } from '../../ui/list-table';
import type { ListState } from '../../ui/use-list-state';

const FILTERS = ['actor_id', 'action', 'target_type', 'target_id', 'start_date', 'end_date'] as const;
type Filter = (typeof FILTERS)[number];

/** Where a target opens, for the types that have a screen. */
function targetLink(type: string | null, id: string | null): string | null {
  if (!id) {
    return null;
  }
  if (type === 'user') {
    return paths.userProfile(id);
  }
  if (type === 'campaign') {
    return paths.campaignDetails(id);
  }
  if (type === 'post') {
    return paths.postDetails(id);
  }
  return null;
}

type Fields = Record<string, unknown> | null | undefined;
const show = (v: unknown) =>
  v === undefined || v === null ? '-' : typeof v === 'string' ? v : JSON.stringify(v);

/** The expanded row: each changed field with its value before and after. */
function Changes({ row }: { row: AuditRow }) {
  const c = (row.changes ?? null) as { before?: Fields; after?: Fields } | Record<string, unknown> | null;
  const details = (
    <Text size="xs" c="dimmed">
      Address {row.ip ?? '-'} · Request {row.request_id ?? '-'} · {row.user_agent ?? 'no user agent'}
    </Text>
  );
  if (!c || !('before' in c || 'after' in c)) {
    return (
      <Stack gap={4} p="sm">
        {c ? (
          <Code block>{JSON.stringify(c, null, 2)}</Code>
        ) : (
          <Text size="sm">No field changes recorded.</Text>
        )}
        {details}
      </Stack>
    );
  }
  const before = (c.before ?? {}) as Record<string, unknown>;
  const after = (c.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return (
    <Stack gap={4} p="sm">
      <Table withTableBorder fz="sm" aria-label="Changes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            <Table.Th>Before</Table.Th>
            <Table.Th>After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((k) => (
            <Table.Tr key={k}>
              <Table.Td>{k}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{show(before[k])}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{show(after[k])}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {details}
    </Stack>
  );
}

/**
 * The audit trail, newest first, with its filters kept in the URL (so a filtered view can be
 * shared or reloaded): the /audit-log screen, and a profile's Activity tab with `userId` (what
 * the user did and what was done to them).
 */
export function AuditTable({ userId }: { userId?: number }) {
  const [search, setSearch] = useSearchParams();
  const get = (k: Filter) => search.get(k) ?? undefined;
  const page = Number(search.get('page') ?? 0) || 0;
  const pageLimit = Number(search.get('page_limit') ?? 10) || 10;
  const update = (changes: Record<string, string | number | null | undefined>, keepPage = false) => {
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === undefined || v === '') {
            next.delete(k);
          } else {
            next.set(k, String(v));
          }
        }
        if (!keepPage) {
          next.delete('page');
        }
        return next;
      },
      { replace: true },
    );
  };
  const filters = Object.fromEntries(FILTERS.map((k) => [k, get(k)]).filter(([, v]) => v)) as Partial<
    Record<Filter, string>
  >;
  const input = {
    page,
    page_limit: pageLimit,
    order_by: 'created_at' as const,
    direction: 'desc' as const,
    ...filters,
    ...(filters.actor_id ? { actor_id: Number(filters.actor_id) } : {}),
    ...(userId ? { user_id: userId } : {}),
  };
  const q = useApiQuery(calls.auditLog, input);
  const canListStaff = useCan('admin_users_list');
  const canOpenProfile = useCan('user_profile');
  const staff = useApiQuery(
    calls.adminUsersList,
    { page: 0, page_limit: 100, order_by: 'name', direction: 'asc' },
    { enabled: canListStaff, alertOnError: false },
  );
  const [expanded, setExpanded] = useState<unknown[]>([]);
  const [downloading, setDownloading] = useState(false);

  const list = {
    page,
    pageLimit,
    setPage: (p: number) => update({ page: p || null }, true),
    setPageLimit: (n: number) => update({ page_limit: n === 10 ? null : n }),
    orderBy: 'created_at',
    direction: 'desc',
  } as unknown as ListState;

  const profileLink = (id: string | number, text: string) =>
    canOpenProfile ? (
      <Anchor component={Link} to={paths.userProfile(id)} size="sm" onClick={(e) => e.stopPropagation()}>
        {text}
      </Anchor>
    ) : (
      text
    );

  const columns: DataTableColumn<AuditRow>[] = [
    { accessor: 'created_at', title: 'Time', width: 170, render: (r) => formatDateTime(r.created_at) },
    {
      accessor: 'actor',
      title: 'Actor',
      render: (r) =>
        r.actor.id
          ? profileLink(r.actor.id, r.actor.username ?? `#${r.actor.id}`)
          : (r.actor.username ?? '-'),
    },
    { accessor: 'action', title: 'Action', render: (r) => <Code>{r.action}</Code> },
    {
      accessor: 'target_id',
      title: 'Target',
      render: (r) => {
        if (!r.target_type) {
          return '-';
        }
        const text = `${r.target_type}${r.target_id ? ` #${r.target_id}` : ''}`;
        const to = targetLink(r.target_type, r.target_id);
        return to && (r.target_type !== 'user' || canOpenProfile) ? (
          <Anchor component={Link} to={to} size="sm" onClick={(e) => e.stopPropagation()}>
            {text}
          </Anchor>
        ) : (
          text
        );
      },
    },
    { accessor: 'ip', title: 'Address', render: (r) => r.ip ?? '-' },
  ];

  const exportCsv = async () => {
    setDownloading(true);
    try {
      const { page: _p, page_limit: _l, ...rest } = input;
      await downloadFile(calls.auditLog, { ...rest, format: 'csv' }, 'audit-log.csv');
    } catch (err) {
      notifyError(err);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <Group mb="md" gap="sm" wrap="wrap" align="flex-end">
        {canListStaff && !userId ? (
          <Select
            aria-label="Actor"
            placeholder="Any actor"
            searchable
            clearable
            data={(staff.data?.users ?? []).map((u) => ({
              value: String(u.id),
              label: `${u.name} (${u.username})`,
            }))}
            value={filters.actor_id ?? null}
            onChange={(v) => update({ actor_id: v })}
            w={{ base: '100%', sm: 240 }}
          />
        ) : null}
        <Select
          aria-label="Action"
          placeholder="Any action"
          searchable
          clearable
          data={q.data?.actions ?? (filters.action ? [filters.action] : [])}
          value={filters.action ?? null}
          onChange={(v) => update({ action: v })}
          w={{ base: '100%', sm: 240 }}
        />
        <DateRangeInput
          value={[filters.start_date ?? null, filters.end_date ?? null]}
          onChange={([from, to]) => {
            if ((from && to) || (!from && !to)) {
              update({ start_date: from, end_date: to });
            }
          }}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={downloading}
          onClick={exportCsv}
          w={{ base: '100%', sm: 'auto' }}
        >
          Export CSV
        </Button>
      </Group>
      {filters.target_type || filters.target_id ? (
        <Group gap="xs" mb="xs">
          <Text size="sm">
            Target: {filters.target_type ?? 'any'} {filters.target_id ? `#${filters.target_id}` : ''}
          </Text>
          <Anchor size="sm" component="button" onClick={() => update({ target_type: null, target_id: null })}>
            Clear
          </Anchor>
        </Group>
      ) : null}
      {q.data?.total_is_estimate && !q.isError ? (
        <Text size="sm" c="dimmed" mb="xs">
          About {abbreviate(q.data.total)} entries match
        </Text>
      ) : null}
      {q.isError ? <ErrorAlert error={q.error} onRetry={() => q.refetch()} /> : null}
      <ListTable<AuditRow>
        aria-label="Audit log"
        columns={columns}
        records={q.isError ? [] : q.data?.data}
        total={q.isError ? 0 : q.data?.total}
        fetching={q.isFetching}
        list={list}
        rowExpansion={{
          allowMultiple: true,
          expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
          content: ({ record }) => <Changes row={record} />,
        }}
      />
    </>
  );
}
