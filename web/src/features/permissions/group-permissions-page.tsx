import { Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { calls } from '../../api/calls';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useCan } from '../../auth/can';
import { EmptyState } from '../../ui/empty-state';
import { ErrorAlert } from '../../ui/error-alert';
import { PageHeader } from '../../ui/page-header';
import { PermissionTable } from './permission-table';

const NO_GROUP = 'Please select group to change permissions';

/** /manage-group-permissions: pick a group, then flip its grants (spec 01 section 2). */
export default function GroupPermissionsPage() {
  const groups = useApiQuery(calls.groupDropdown, {});
  const [groupId, setGroupId] = useState<string | null>(null);
  const perms = useApiQuery(
    calls.groupPermissions,
    { group_id: Number(groupId) },
    { enabled: !!groupId, placeholderData: undefined },
  );
  const canToggle = useCan('group_permissions_update');
  const toggle = useApiMutation(calls.groupPermissionToggle, { invalidates: [calls.groupPermissions] });
  const options = [
    { value: '', label: 'Select Group' },
    ...(groups.data?.data ?? []).map((g) => ({ value: String(g.id), label: g.name })),
  ];
  return (
    <Stack gap="md">
      <PageHeader title="Group Permissions" />
      <Select
        label="Group"
        placeholder="Select Group"
        data={options}
        value={groupId ?? ''}
        onChange={(v) => setGroupId(v || null)}
        searchable
        allowDeselect={false}
        w={{ base: '100%', sm: 360 }}
        disabled={groups.isPending}
      />
      {groups.isError ? <ErrorAlert error={groups.error} onRetry={() => groups.refetch()} /> : null}
      {!groupId ? (
        <EmptyState text={NO_GROUP} />
      ) : perms.isError && !perms.data ? (
        <ErrorAlert error={perms.error} onRetry={() => perms.refetch()} />
      ) : (
        <PermissionTable
          entries={perms.data?.data.map((p) => ({
            id: p.id,
            name: p.name,
            granted: p.group_permission_count > 0,
          }))}
          loading={perms.isFetching}
          canToggle={canToggle}
          pendingId={toggle.isPending ? (toggle.variables?.permission_id as number) : null}
          togglePermission={(id) => toggle.mutate({ group_id: Number(groupId), permission_id: id })}
          emptyText={NO_GROUP}
        />
      )}
    </Stack>
  );
}
