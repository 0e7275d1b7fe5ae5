import type { UserRow } from '@admin/contract';
import { formatDate } from '../../lib/format';
import type { ListColumn } from '../../ui/list-table';
import { RelativeTime } from '../../ui/relative-time';
import { AvatarWithPresence, isOnline, text, ViewProfileLink } from './user-cells';

/** Columns shared by Users and Deleted users (spec 01 section 2); `extra` goes before the action. */
export function userColumns(now: number, extra: ListColumn<UserRow>[] = []): ListColumn<UserRow>[] {
  return [
    {
      accessor: 'avatar',
      title: 'Image',
      width: 84,
      render: (u) => (
        <AvatarWithPresence src={u.avatar} name={u.name} online={isOnline(u.last_interacted, now)} />
      ),
    },
    { accessor: 'name', title: 'Name', sortable: true, priority: 1 },
    { accessor: 'username', title: 'Username', sortable: true },
    { accessor: 'email', title: 'Email', sortable: true, render: (u) => text(u.email) },
    { accessor: 'phone', noWrap: true, title: 'Phone', priority: 3, render: (u) => text(u.phone) },
    { accessor: 'device', noWrap: true, title: 'OS Version', priority: 3, render: (u) => text(u.device) },
    {
      accessor: 'device_app_version',
      noWrap: true,
      title: 'App Version',
      priority: 3,
      render: (u) => text(u.device_app_version),
    },
    {
      accessor: 'last_interacted',
      noWrap: true,
      title: 'Last active',
      sortable: true,
      render: (u) => <RelativeTime value={u.last_interacted} now={now} />,
    },
    {
      accessor: 'created_at',
      noWrap: true,
      title: 'Member since',
      sortable: true,
      render: (u) => formatDate(u.created_at),
    },
    ...extra,
    {
      accessor: 'profile',
      title: 'Profile',
      actions: true,
      render: (u) => <ViewProfileLink userId={u.id} />,
    },
  ];
}
