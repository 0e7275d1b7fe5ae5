import { Select, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { calls } from '../../api/calls';
import { alertUnlessMissing, useApiMutation, useApiQuery } from '../../api/hooks';
import { useCan } from '../../auth/can';
import { paths } from '../../paths';
import { EmptyState } from '../../ui/empty-state';
import { ErrorAlert } from '../../ui/error-alert';
import { RecordError } from '../../ui/missing-record';
import { PageHeader } from '../../ui/page-header';
import { PermissionTable } from './permission-table';

const NO_GROUP = 'Please select group to change permissions';

/** /manage-group-permissions: pick a group, then flip its grants (spec 01 section 2). */
export default function GroupPermissionsPage() {
  const groups = useApiQuery(calls.groupDropdown, {});
  // The chosen group is in the address (?group=ID): reload, a pasted link and Back keep it.
  const [params, setParams] = useSearchParams();
  const groupId = /^\d+$/.test(params.get('group') ?? '') ? (params.get('group') as string) : null;
  const setGroupId = (id: string | null) => setParams(id ? { group: id } : {});
  const perms = useApiQuery(
    calls.groupPermissions,
    { group_id: Number(groupId) },
    { enabled: !!groupId, placeholderData: undefined, alertOnError: alertUnlessMissing },
  );
  const canToggle = useCan('group_permissions_update');
  const toggle = useApiMutation(calls.groupPermissionToggle, { invalidates: [calls.groupPermissions] });
  // 'Select Group' is the placeholder, not an option one could pick or type after.
  const options = (groups.data?.data ?? []).map((g) => ({ value: String(g.id), label: g.name }));
  return (
    <Stack gap="md">
      <PageHeader title="Group Permissions" />
      <Select
        label="Group"
        placeholder="Select Group"
        data={options}
        value={groupId}
        onChange={(v) => setGroupId(v || null)}
        searchable
        nothingFoundMessage="No group matches"
        clearable
        w={{ base: '100%', sm: 360 }}
        disabled={groups.isPending}
      />
      {groups.isError ? <ErrorAlert error={groups.error} onRetry={() => groups.refetch()} /> : null}
      {!groupId ? (
        <EmptyState text={NO_GROUP} />
      ) : perms.isError && !perms.data ? (
        <RecordError
          error={perms.error}
          thing="Group"
          id={groupId}
          back={{ to: paths.usersGroups, label: 'Users Groups' }}
          onRetry={() => void perms.refetch()}
        />
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
