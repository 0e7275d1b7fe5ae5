import type { ProfileBookmarkRow } from '@admin/contract';
import { Stack } from '@mantine/core';
import { ListTable } from '../../ui/list-table';
import { MediaThumb } from '../../ui/media-thumb';
import { useListState } from '../../ui/use-list-state';
import { useFavourites } from './hooks';

type SortColumn = 'id' | 'title' | 'type' | 'search_term';

/** Bookmarks (favourites): S.No., Image, Search Term, Type, Title, Description; id descending. */
export function BookmarksTab({ userId }: { userId: number }) {
  const list = useListState<SortColumn>({ order_by: 'id', direction: 'desc' });
  const rows = useFavourites({ userId, ...list.params });

  return (
    <Stack gap="sm">
      <ListTable<ProfileBookmarkRow, SortColumn>
        aria-label="Bookmarks"
        records={rows.data?.data}
        total={rows.data?.total}
        totalIsLowerBound={rows.data?.total_is_lower_bound}
        fetching={rows.isFetching}
        error={rows.error}
        onRetry={() => void rows.refetch()}
        list={list}
        idAccessor="id"
        columns={[
          {
            accessor: 'id',
            title: 'S.No.',
            width: 84,
            sortable: true,
            render: (_, index) => list.page * list.pageLimit + index + 1,
          },
          {
            accessor: 'image',
            title: 'Image',
            width: 90,
            render: (r) => (
              <MediaThumb src={r.image} type={r.type} alt={r.title ?? 'Bookmark'} w={60} h={40} />
            ),
          },
          {
            accessor: 'search_term',
            title: 'Search Term',
            sortable: true,
            render: (r) => r.search_term ?? '',
          },
          { accessor: 'type', title: 'Type', sortable: true },
          { accessor: 'title', title: 'Title', sortable: true, clamp: true, render: (r) => r.title ?? '' },
          {
            accessor: 'description',
            title: 'Description',
            clamp: true,
            priority: 3,
            render: (r) => r.description ?? '',
          },
        ]}
      />
    </Stack>
  );
}
