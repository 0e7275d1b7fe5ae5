import type { SearchRow } from '@admin/contract';
import { Anchor, Group, Select } from '@mantine/core';
import { Link } from 'react-router';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { useCan } from '../../auth/can';
import { formatDateTime } from '../../lib/format';
import { paths } from '../../paths';
import { ListSearch } from '../../ui/list-search';
import { type ListColumn, ListTable } from '../../ui/list-table';
import { useListState } from '../../ui/use-list-state';
import { MediaPreviewButton } from './media-preview';

/** Types the platform records (the filter's options). */
const SEARCH_TYPES = ['image', 'link', 'news', 'video', 'raw_video', 'shopping'] as const;

type SearchOrder = 'created_at' | 'updated_at' | 'search_term' | 'type' | 'id';

/**
 * The searches table (newest first, server paged, search and type filter): the /searches screen
 * and the user profile's Searches tab (with `userId`).
 */
export function SearchesTable({ userId }: { userId?: number }) {
  const list = useListState<SearchOrder>({
    order_by: 'created_at',
    direction: 'desc',
    filters: { type: '' },
  });
  const type = list.filters.type;
  const canOpenProfile = useCan('user_profile');
  const q = useApiQuery(calls.searches, {
    ...list.params,
    ...(userId ? { user_id: userId } : {}),
    ...(type ? { type } : {}),
  });

  const columns: ListColumn<SearchRow>[] = [
    {
      accessor: 'image',
      title: 'Image',
      width: 84,
      render: (s) => (
        <MediaPreviewButton type={s.type} src={s.image ?? s.thumb_url} title={s.title ?? s.search_term} />
      ),
    },
    { accessor: 'search_term', title: 'Search Term', sortable: true, priority: 1, clamp: true },
    {
      accessor: 'website',
      title: 'Website',
      priority: 3,
      render: (s) => s.website ?? '-',
    },
    { accessor: 'type', title: 'Type', sortable: true, noWrap: true },
    {
      accessor: 'username',
      title: 'Username',
      render: (s) =>
        canOpenProfile ? (
          <Anchor component={Link} to={paths.userProfile(s.userId)} size="sm">
            {s.username}
          </Anchor>
        ) : (
          s.username
        ),
    },
    { accessor: 'title', title: 'Title', clamp: true, render: (s) => s.title ?? '-' },
    {
      accessor: 'description',
      title: 'Description',
      clamp: true,
      priority: 3,
      render: (s) => s.description ?? '-',
    },
    {
      accessor: 'deleted_at',
      title: 'Deleted',
      priority: 3,
      noWrap: true,
      render: (s) => (s.deleted_at ? formatDateTime(s.deleted_at) : '-'),
    },
    {
      accessor: 'created_at',
      title: 'Created At',
      sortable: true,
      noWrap: true,
      render: (s) => formatDateTime(s.created_at),
    },
    {
      accessor: 'updated_at',
      title: 'Updated At',
      sortable: true,
      priority: 3,
      noWrap: true,
      render: (s) => formatDateTime(s.updated_at),
    },
  ];

  return (
    <>
      <Group mb="md" gap="sm" wrap="wrap">
        <ListSearch list={list} placeholder="Search by search term" width={280} />
        <Select
          aria-label="Type"
          placeholder="All types"
          clearable
          data={SEARCH_TYPES.map((t) => ({ value: t, label: t }))}
          value={type || null}
          onChange={(v) => list.setFilters({ type: v })}
          w={{ base: '100%', sm: 180 }}
        />
      </Group>
      <ListTable<SearchRow, SearchOrder>
        aria-label="Searches"
        columns={columns}
        records={q.data?.data}
        total={q.data?.total}
        totalIsLowerBound={q.data?.total_is_lower_bound}
        fetching={q.isFetching}
        error={q.error}
        onRetry={() => q.refetch()}
        list={list}
      />
    </>
  );
}
