import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ListState } from './use-list-state';

/** The search box above a list: types into the list's (debounced) search, full width on phones. */
export function ListSearch({
  list,
  placeholder,
  label = placeholder,
  width = 360,
}: {
  list: Pick<ListState, 'search' | 'setSearch'>;
  placeholder: string;
  /** Accessible name, when it should differ from the placeholder. */
  label?: string;
  width?: number;
}) {
  return (
    <TextInput
      placeholder={placeholder}
      aria-label={label}
      leftSection={<IconSearch size={16} />}
      value={list.search}
      onChange={(e) => list.setSearch(e.currentTarget.value)}
      w={{ base: '100%', sm: width }}
    />
  );
}
