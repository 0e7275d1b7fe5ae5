import { Badge, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { TEXTS } from '@admin/contract';
import { useState } from 'react';

export interface PermissionEntry {
  id: number;
  name: string;
  granted: boolean;
  /** Groups that also give it (user screen only). */
  fromGroups?: number;
}

/** 'users_list' -> 'Users list': the Page column reads as words, the key stays visible below. */
const label = (key: string) => {
  const words = key.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * 'Search Permission' filter and the Page / Has Permissions table with YES/NO toggle buttons
 * (spec 01 section 2). Clicking the button flips the grant; disabled without `canToggle`.
 */
export function PermissionTable({
  entries,
  loading,
  canToggle,
  togglePermission,
  pendingId,
  emptyText = TEXTS.noRecords,
}: {
  entries: PermissionEntry[] | undefined;
  loading: boolean;
  canToggle: boolean;
  togglePermission: (id: number) => void;
  pendingId: number | null;
  emptyText?: string;
}) {
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase().replace(/\s+/g, '_');
  const records = (entries ?? []).filter(
    (e) =>
      !needle ||
      e.name.toLowerCase().includes(needle) ||
      label(e.name).toLowerCase().includes(filter.trim().toLowerCase()),
  );
  return (
    <Stack gap="sm">
      <TextInput
        placeholder="Search Permission"
        aria-label="Search Permission"
        leftSection={<IconSearch size={16} />}
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        w={{ base: '100%', sm: 360 }}
      />
      <DataTable<PermissionEntry>
        aria-label="Permissions"
        withTableBorder
        borderRadius="md"
        striped
        highlightOnHover
        minHeight={records.length ? undefined : 180}
        fetching={loading}
        records={records}
        idAccessor="id"
        noRecordsText={entries ? TEXTS.noRecords : emptyText}
        columns={[
          {
            accessor: 'name',
            title: 'Page',
            render: (e) => (
              <Stack gap={0}>
                <Text size="sm">{label(e.name)}</Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {e.name}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'granted',
            title: 'Has Permissions',
            textAlign: 'right',
            render: (e) => {
              const button = (
                <Button
                  size="compact-sm"
                  w={56}
                  color={e.granted ? 'green' : 'red'}
                  variant={e.granted ? 'filled' : 'light'}
                  disabled={!canToggle}
                  loading={pendingId === e.id}
                  aria-pressed={e.granted}
                  aria-label={`${e.name}: ${e.granted ? 'YES' : 'NO'}`}
                  onClick={() => togglePermission(e.id)}
                >
                  {e.granted ? 'YES' : 'NO'}
                </Button>
              );
              return (
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  {e.fromGroups ? (
                    <Tooltip label="Also given by the user's groups">
                      <Badge variant="light" color="blue" size="sm">
                        via group
                      </Badge>
                    </Tooltip>
                  ) : null}
                  {canToggle ? button : <Tooltip label="You cannot change permissions">{button}</Tooltip>}
                </Group>
              );
            },
          },
        ]}
      />
    </Stack>
  );
}
