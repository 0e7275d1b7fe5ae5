import type { GroupRow } from '@admin/contract';
import { ActionIcon, Button, Group, Stack, Tooltip } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { calls } from '../../api/calls';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useCan } from '../../auth/can';
import { keptDialog } from '../../auth/drafts';
import { formatDateTime } from '../../lib/format';
import { paths } from '../../paths';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ListSearch } from '../../ui/list-search';
import { ListTable } from '../../ui/list-table';
import { PageHeader } from '../../ui/page-header';
import { EditDeleteActions } from '../../ui/row-actions';
import { useListState } from '../../ui/use-list-state';
import { GROUP_FORM_DRAFT, GroupFormModal } from './group-form-modal';

type Order = 'id' | 'name' | 'created_at' | 'updated_at';

/** /users-groups (spec 01 section 2, Groups screen): paged, newest first, add/edit/delete per permission. */
export default function GroupsPage() {
  const list = useListState<Order>({ order_by: 'id', direction: 'desc' });
  const q = useApiQuery(calls.groupList, list.params);
  const canAdd = useCan('add_group');
  const canEdit = useCan('edit_group');
  const canDelete = useCan('delete_group');
  const canPermissions = useCan('group_permissions');
  const showActions = canAdd || canEdit || canDelete || canPermissions;
  // A popup open when the session ended opens again, with its draft, after signing in.
  const [form, setForm] = useState<{ group: GroupRow | null } | null>(
    () => keptDialog<{ group: GroupRow | null }>(GROUP_FORM_DRAFT) ?? null,
  );
  const [deleting, setDeleting] = useState<GroupRow | null>(null);
  const remove = useApiMutation(calls.groupDelete, {
    invalidates: [calls.groupList, calls.groupDropdown],
    onSettled: () => setDeleting(null),
  });

  return (
    <Stack gap="md">
      <PageHeader
        title="Users Groups"
        actions={
          canAdd ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ group: null })}>
              Add New Group
            </Button>
          ) : null
        }
      />
      <Group>
        <ListSearch list={list} placeholder="Search by group name" label="Search groups" />
      </Group>
      <ListTable<GroupRow, Order>
        aria-label="Groups"
        records={q.data?.groups}
        total={q.data?.total}
        totalIsLowerBound={q.data?.total_is_lower_bound}
        fetching={q.isFetching}
        error={q.error}
        onRetry={() => q.refetch()}
        list={list}
        idAccessor="id"
        columns={[
          { accessor: 'id', noWrap: true, title: 'S.No.', hidden: true, sortable: true },
          { accessor: 'name', title: 'Group Name', sortable: true, priority: 1 },
          {
            accessor: 'created_at',
            noWrap: true,
            title: 'Created At',
            sortable: true,
            render: (g) => formatDateTime(g.created_at),
          },
          {
            accessor: 'updated_at',
            noWrap: true,
            title: 'Updated At',
            sortable: true,
            render: (g) => formatDateTime(g.updated_at),
          },
          {
            accessor: 'actions',
            title: 'Action',
            actions: true,
            hidden: !showActions,
            render: (g) => (
              <Group justify="flex-end" gap={4} wrap="nowrap">
                {canPermissions ? (
                  <Tooltip label="Permissions of this group">
                    <ActionIcon
                      component={Link}
                      to={`${paths.groupPermissions}?group=${g.id}`}
                      variant="light"
                      color="gray"
                      aria-label={`Permissions of ${g.name}`}
                    >
                      <IconKey size={16} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
                <EditDeleteActions
                  name={g.name}
                  edit={{
                    allowed: canEdit,
                    tip: canEdit ? 'Edit group' : 'Needs the edit_group permission',
                    onClick: () => setForm({ group: g }),
                  }}
                  remove={{
                    allowed: canDelete,
                    tip: canDelete ? 'Delete group' : 'Needs the delete_group permission',
                    onClick: () => setDeleting(g),
                  }}
                />
              </Group>
            ),
          },
        ]}
      />
      <GroupFormModal opened={form !== null} group={form?.group ?? null} onClose={() => setForm(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete Group"
        message="Are you sure? Do you want to delete this group?"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id, isDelete: 1 })}
      />
    </Stack>
  );
}
