import type { AdminUserRow } from '@admin/contract';
import { Anchor, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { useCan } from '../../auth/can';
import { keptDialog } from '../../auth/drafts';
import { paths } from '../../paths';
import { ListSearch } from '../../ui/list-search';
import { ListTable } from '../../ui/list-table';
import { PageHeader } from '../../ui/page-header';
import { useListState } from '../../ui/use-list-state';
import { ADD_USER_DRAFT, AddUserModal } from './add-user-modal';
import { ASSIGN_GROUPS_DRAFT, AssignGroupsModal } from './assign-groups-modal';
import { AvatarWithPresence, isOnline, text, useNow, ViewProfileLink } from './user-cells';

type Order = 'name' | 'username' | 'email' | 'created_at' | 'last_interacted';

/** /backend-users: staff with their roles; Assign Group, View Profile, Permissions (spec 01 section 2). */
export default function BackendUsersPage() {
  const list = useListState<Order>({ order_by: 'name', direction: 'asc' });
  const q = useApiQuery(calls.adminUsersList, list.params);
  const now = useNow();
  const canCreate = useCan('create_user');
  const canAssign = useCan('assign-groups');
  const canPermissions = useCan('user_permissions');
  // A popup open when the session ended opens again, with its draft, after signing in.
  const [adding, setAdding] = useState(() => keptDialog(ADD_USER_DRAFT) !== undefined);
  const [assigning, setAssigning] = useState<AdminUserRow | null>(
    () => keptDialog<AdminUserRow>(ASSIGN_GROUPS_DRAFT) ?? null,
  );
  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} disabled={!canCreate}>
      Add New User
    </Button>
  );
  return (
    <Stack gap="md">
      <PageHeader
        title="Backend Users"
        actions={
          canCreate ? addButton : <Tooltip label="Needs the create_user permission">{addButton}</Tooltip>
        }
      />
      <Group>
        <ListSearch
          list={list}
          placeholder="Search by name, username or email"
          label="Search backend users"
        />
      </Group>
      <ListTable<AdminUserRow, Order>
        aria-label="Backend users"
        records={q.data?.users}
        total={q.data?.total_users}
        totalIsLowerBound={q.data?.total_is_lower_bound}
        fetching={q.isFetching}
        error={q.error}
        onRetry={() => q.refetch()}
        list={list}
        idAccessor="id"
        columns={[
          {
            accessor: 'sno',
            title: 'S.No.',
            width: 84,
            priority: 3,
            render: (_, i) => list.page * list.pageLimit + i + 1,
          },
          {
            accessor: 'avatar',
            title: 'Image',
            width: 84,
            render: (u) => (
              <AvatarWithPresence src={u.avatar} name={u.name} online={isOnline(u.last_interacted, now)} />
            ),
          },
          { accessor: 'name', title: 'Name', sortable: true, priority: 1 },
          { accessor: 'email', title: 'Email', sortable: true, render: (u) => text(u.email) },
          { accessor: 'phone', noWrap: true, title: 'Phone', priority: 3, render: (u) => text(u.phone) },
          {
            accessor: 'role',
            title: 'Role',
            priority: 1,
            render: (u) => (
              <Group gap={4}>
                {u.is_sup_admin === 1 ? (
                  <Badge color="grape" variant="light">
                    Super Admin
                  </Badge>
                ) : null}
                {u.auth_user_group.map((g) => (
                  <Badge key={g.auth_group.id} variant="light">
                    {g.auth_group.name}
                  </Badge>
                ))}
                {u.is_sup_admin !== 1 && u.auth_user_group.length === 0 ? (
                  <Text size="xs" c="dimmed">
                    No group
                  </Text>
                ) : null}
              </Group>
            ),
          },
          {
            accessor: 'actions',
            title: 'Action',
            actions: true,
            render: (u) => (
              <Group gap="sm" justify="flex-end" wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="light"
                  disabled={!canAssign}
                  onClick={() => setAssigning(u)}
                  aria-label={`Assign Group to ${u.username}`}
                >
                  Assign Group
                </Button>
                <ViewProfileLink userId={u.id} />
                {canPermissions ? (
                  <Anchor component={Link} to={paths.userPermissions(u.id)} size="sm">
                    Permissions
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed" aria-disabled="true">
                    Permissions
                  </Text>
                )}
              </Group>
            ),
          },
        ]}
      />
      <AddUserModal opened={adding} onClose={() => setAdding(false)} isAdmin />
      <AssignGroupsModal user={assigning} onClose={() => setAssigning(null)} />
    </Stack>
  );
}
