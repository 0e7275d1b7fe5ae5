import type { AuditRow } from '@admin/contract';
import { Anchor, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { calls } from '../../api/calls';
import { downloadFile } from '../../api/download';
import { useApiQuery } from '../../api/hooks';
import { notifyError } from '../../api/notify';
import { useCan } from '../../auth/can';
import { ErrorAlert } from '../../ui/error-alert';
import { type ListControls, ListTable } from '../../ui/list-table';
import { auditColumns } from './audit-columns';
import { AuditFilters } from './audit-filters';
import { useAuditFilters } from './use-audit-filters';

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
  const { page, pageLimit, filters, update } = useAuditFilters();
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

  const list: ListControls<'created_at'> = {
    page,
    pageLimit,
    setPage: (p: number) => update({ page: p || null }, true),
    setPageLimit: (n: number) => update({ page_limit: n === 10 ? null : n }),
    orderBy: 'created_at',
    direction: 'desc',
    // No column is sortable: the trail is always newest first.
    setSort: () => undefined,
  };

  const columns = auditColumns(canOpenProfile);

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
        <AuditFilters
          filters={filters}
          update={update}
          actors={
            canListStaff && !userId
              ? (staff.data?.users ?? []).map((u) => ({
                  value: String(u.id),
                  label: `${u.name} (${u.username})`,
                }))
              : undefined
          }
          actions={q.data?.actions ?? (filters.action ? [filters.action] : [])}
          downloading={downloading}
          onExport={exportCsv}
        />
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
      {q.isError ? <ErrorAlert error={q.error} onRetry={() => q.refetch()} /> : null}
      <ListTable<AuditRow, 'created_at'>
        aria-label="Audit log"
        columns={columns}
        records={q.isError ? [] : q.data?.data}
        total={q.isError ? 0 : q.data?.total}
        totalIsLowerBound={q.data?.total_is_lower_bound}
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
