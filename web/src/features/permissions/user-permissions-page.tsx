import { Alert, Group, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { calls } from '../../api/calls';
import { alertUnlessMissing, useApiMutation, useApiQuery } from '../../api/hooks';
import { useCan } from '../../auth/can';
import { paths } from '../../paths';
import { RecordError } from '../../ui/missing-record';
import { PageHeader } from '../../ui/page-header';
import { PageLoader } from '../../ui/page-loader';
import { PermissionTable } from './permission-table';

/** /manage-user-permissions/{userId}: one backend user's direct grants (spec 01 section 2). */
export default function UserPermissionsPage() {
  const param = useParams().userId ?? '';
  const userId = Number(param);
  const valid = Number.isInteger(userId) && userId > 0;
  const perms = useApiQuery(
    calls.userPermissions,
    { user_id: userId },
    { enabled: valid, alertOnError: alertUnlessMissing },
  );
  const canToggle = useCan('user_permissions_update');
  const toggle = useApiMutation(calls.userPermissionToggle, { invalidates: [calls.userPermissions] });
  if (!valid || (perms.isError && !perms.data)) {
    return (
      <>
        <PageHeader title="User Permissions" />
        <RecordError
          error={valid ? perms.error : null}
          thing="Backend user"
          id={param}
          back={{ to: paths.backendUsers, label: 'Backend Users' }}
          onRetry={() => void perms.refetch()}
        />
      </>
    );
  }
  if (perms.isPending) {
    return <PageLoader />;
  }
  const user = perms.data.user;
  return (
    <Stack gap="md">
      <PageHeader title="User Permissions" documentTitle={`${user.username} · User Permissions`} />
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
