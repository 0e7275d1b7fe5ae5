import { Alert, Group, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { calls } from '../../api/calls';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useCan } from '../../auth/can';
import { ErrorAlert } from '../../ui/error-alert';
import { PageHeader } from '../../ui/page-header';
import { PageLoader } from '../../ui/page-loader';
import { PermissionTable } from './permission-table';

/** /manage-user-permissions/{userId}: one backend user's direct grants (spec 01 section 2). */
export default function UserPermissionsPage() {
  const userId = Number(useParams().userId);
  const valid = Number.isInteger(userId) && userId > 0;
  const perms = useApiQuery(calls.userPermissions, { user_id: userId }, { enabled: valid });
  const canToggle = useCan('user_permissions_update');
  const toggle = useApiMutation(calls.userPermissionToggle, { invalidates: [calls.userPermissions] });
  if (!valid) {
    return <Alert color="red">No such user.</Alert>;
  }
  if (perms.isPending) {
    return <PageLoader />;
  }
  if (perms.isError && !perms.data) {
    return <ErrorAlert error={perms.error} onRetry={() => perms.refetch()} />;
  }
  const user = perms.data.user;
  return (
    <Stack gap="md">
      <PageHeader title="User Permissions" />
      <Group gap="xs">
        <Text fw={600}>Username:</Text>
        <Text data-testid="permissions-username">{user.username}</Text>
        <Text c="dimmed">({user.name})</Text>
      </Group>
      {user.is_sup_admin === 1 ? (
        <Alert color="grape" variant="light">
          A super admin holds every permission, whatever is set here.
        </Alert>
      ) : null}
      <PermissionTable
        entries={perms.data.data.map((p) => ({
          id: p.id,
          name: p.name,
          granted: p.user_permission_count > 0,
          viaGroups: p.via_groups,
        }))}
        showEffective
        loading={perms.isFetching}
        canToggle={canToggle}
        pendingId={toggle.isPending ? (toggle.variables?.permission_id as number) : null}
        togglePermission={(id) => toggle.mutate({ user_id: userId, permission_id: id })}
      />
    </Stack>
  );
}
