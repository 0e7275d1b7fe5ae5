import '@mantine/spotlight/styles.css';
import { hasPermission, USER_LOOKUP_LIMIT } from '@admin/contract';
import { Avatar, Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { IconArrowRight, IconSearch, IconUser } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { calls } from '../api/calls';
import { useApiQuery } from '../api/hooks';
import { useSession } from '../auth/session';
import { paths } from '../paths';
import { PALETTE } from './nav';

/** The palette's open/close store; the shell owns the Ctrl+K / Cmd+K shortcut. */
const [paletteStore, palette] = createSpotlight();

export { palette };

/** Characters the server needs before it looks users up (user-lookup's minimum). */
const LOOKUP_MIN = 3;
const DEBOUNCE_MS = 250;

type PageItem = (typeof PALETTE)[number];

const matches = (item: PageItem, q: string) =>
  `${item.label} ${item.group}`.toLowerCase().includes(q.trim().toLowerCase());

/**
 * The command palette (lazy: loaded on the first Ctrl+K): jumps to any page the staff member may
 * open and finds platform users by name, username or email through the server (user-lookup, one
 * debounced call), opening their profile.
 */
export default function CommandPalette({ openOnMount = false }: { openOnMount?: boolean }) {
  const user = useSession()?.user;
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const canFindUsers = hasPermission(user, 'users_list') && hasPermission(user, 'user_profile');
  const lookup = useApiQuery(
    calls.userLookup,
    { query: debounced },
    { enabled: canFindUsers && debounced.length >= LOOKUP_MIN, alertOnError: false, staleTime: 30_000 },
  );

  useEffect(() => {
    if (openOnMount) {
      palette.open();
    }
  }, [openOnMount]);

  const pages = PALETTE.filter((p) => !p.permission || hasPermission(user, ...p.permission)).filter((p) =>
    matches(p, query),
  );
  const people = debounced.length >= LOOKUP_MIN ? (lookup.data?.data ?? []) : [];
  const searching =
    canFindUsers && query.trim().length >= LOOKUP_MIN && (lookup.isFetching || debounced !== query.trim());
  const go = (to: string) => {
    palette.close();
    navigate(to);
  };
  // Spotlight selects the first result as the query changes, before users arrive from the server:
  // with only users listed nothing is selected, and Enter opens the first result itself.
  const enterWithoutSelection = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || paletteStore.getState().selected !== -1) {
      return;
    }
    const first = pages[0]?.to ?? (people[0] ? paths.userProfile(people[0].id) : null);
    if (first) {
      go(first);
    }
  };

  return (
    <Spotlight.Root
      store={paletteStore}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      scrollable
      maxHeight={420}
      clearQueryOnClose
      // The dialog needs a name of its own (axe aria-dialog-name).
      attributes={{ content: { 'aria-label': 'Command palette' } }}
    >
      <Spotlight.Search
        placeholder={canFindUsers ? 'Go to a page or find a user…' : 'Go to a page…'}
        aria-label="Search pages and users"
        onKeyDown={enterWithoutSelection}
        leftSection={<IconSearch size={18} />}
        rightSection={searching ? <Loader size={14} /> : null}
      />
      <Spotlight.ActionsList aria-label="Results">
        {pages.length > 0 ? (
          <Spotlight.ActionsGroup label="Pages">
            {pages.map((p) => (
              <Spotlight.Action
                key={p.to}
                label={p.label}
                description={p.group}
                leftSection={<IconArrowRight size={16} />}
                onClick={() => go(p.to)}
              />
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {people.length > 0 ? (
          <Spotlight.ActionsGroup label="Users">
            {people.map((u) => (
              <Spotlight.Action
                key={u.id}
                onClick={() => go(paths.userProfile(u.id))}
                aria-label={`User ${u.name}`}
              >
                <Group wrap="nowrap" gap="sm" w="100%">
                  <Avatar src={u.avatar} alt="" size={28} radius="xl">
                    <IconUser size={14} />
                  </Avatar>
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" truncate="end">
                      {u.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate="end">
                      @{u.username}
                      {u.email ? ` · ${u.email}` : ''}
                    </Text>
                  </div>
                </Group>
              </Spotlight.Action>
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {pages.length === 0 && people.length === 0 && !searching ? (
          <Spotlight.Empty>
            {canFindUsers && query.trim().length > 0 && query.trim().length < LOOKUP_MIN
              ? `No page matches. Type ${LOOKUP_MIN} characters to find users.`
              : 'Nothing found'}
          </Spotlight.Empty>
        ) : null}
        {people.length === USER_LOOKUP_LIMIT ? (
          <Text size="xs" c="dimmed" px="md" py={6}>
            The first {USER_LOOKUP_LIMIT} users: type more to narrow.
          </Text>
        ) : null}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
