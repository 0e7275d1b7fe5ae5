import { Button, Group, Stack, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { useCan } from '../../auth/can';
import { keptDialog } from '../../auth/drafts';
import { ListSearch } from '../../ui/list-search';
import { ListTable } from '../../ui/list-table';
import { PageHeader } from '../../ui/page-header';
import { useListState } from '../../ui/use-list-state';
import { ADD_USER_DRAFT, AddUserModal } from './add-user-modal';
import { CsvDownloadButton } from './csv-download-button';
import { useNow } from './user-cells';
import { userColumns } from './users-table';

type Order = 'name' | 'username' | 'email' | 'created_at' | 'last_interacted';

/** /users: active platform users (spec 01 section 2). */
export default function UsersPage() {
  const list = useListState<Order>({ order_by: 'name', direction: 'asc' });
  const q = useApiQuery(calls.usersList, list.params);
  const now = useNow();
  const canCreate = useCan('create_user');
  // A popup open when the session ended opens again, with its draft, after signing in.
  const [adding, setAdding] = useState(() => keptDialog(ADD_USER_DRAFT) !== undefined);
  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} disabled={!canCreate}>
      Add New User
    </Button>
  );
  return (
    <Stack gap="md">
      <PageHeader
        title="Users"
        actions={
          <>
            <CsvDownloadButton query={list.query} total={q.data?.total_users} />
            {canCreate ? addButton : <Tooltip label="Needs the create_user permission">{addButton}</Tooltip>}
          </>
        }
      />
      <Group>
        <ListSearch list={list} placeholder="Search by name or username" />
      </Group>
      <ListTable
        aria-label="Users"
        records={q.data?.users}
        total={q.data?.total_users}
        totalIsLowerBound={q.data?.total_is_lower_bound}
        fetching={q.isFetching}
        error={q.error}
        onRetry={() => q.refetch()}
        list={list}
        idAccessor="id"
        columns={userColumns(now)}
      />
      <AddUserModal opened={adding} onClose={() => setAdding(false)} isAdmin={false} />
    </Stack>
  );
}
