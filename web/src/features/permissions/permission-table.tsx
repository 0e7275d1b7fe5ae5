import { PERMISSION_AREAS, permissionInfo, TEXTS } from '@admin/contract';
import {
  Badge,
  Button,
  Group,
  LoadingOverlay,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../ui/empty-state';
import classes from './permission-table.module.css';

export interface PermissionEntry {
  id: number;
  name: string;
  /** Held by the group (group screen) or granted to the user directly (user screen). */
  granted: boolean;
  /** User screen only: the user's groups that also give it. */
  viaGroups?: string[];
}

/** What the person can actually do: granted directly, through group X, or not granted. */
function effectiveText(e: PermissionEntry): string {
  const groups = e.viaGroups ?? [];
  const through = groups.length ? `through group ${groups.join(', ')}` : '';
  if (e.granted) {
    return through ? `Granted directly and ${through}` : 'Granted directly';
  }
  return through ? `Granted ${through}` : 'Not granted';
}

function Effective({ entry }: { entry: PermissionEntry }) {
  const held = entry.granted || (entry.viaGroups?.length ?? 0) > 0;
  return (
    <Badge
      variant="light"
      color={held ? (entry.granted ? 'green' : 'blue') : 'gray'}
      tt="none"
      size="md"
      className={classes.effective}
      data-testid={`effective-${entry.name}`}
    >
      {effectiveText(entry)}
    </Badge>
  );
}

/**
 * 'Search Permission' filter and the Page / Has Permissions table with YES/NO toggle buttons
 * (spec 01 section 2), rows grouped by area with readable labels from the contract. With
 * `showEffective` (user screen) an Effective column says what the person can actually do.
 */
export function PermissionTable({
  entries,
  loading,
  canToggle,
  togglePermission,
  pendingId,
  showEffective = false,
  emptyText = TEXTS.noRecords,
}: {
  entries: PermissionEntry[] | undefined;
  loading: boolean;
  canToggle: boolean;
  togglePermission: (id: number) => void;
  pendingId: number | null;
  showEffective?: boolean;
  emptyText?: string;
}) {
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const rows = (entries ?? [])
    .map((e) => ({ ...e, ...permissionInfo(e.name) }))
    .filter(
      (e) =>
        !needle ||
        e.name.toLowerCase().includes(needle.replace(/\s+/g, '_')) ||
        e.label.toLowerCase().includes(needle) ||
        e.area.toLowerCase().includes(needle) ||
        e.name.replace(/[-_]+/g, ' ').toLowerCase().includes(needle),
    );
  const areas = [...PERMISSION_AREAS, 'Other' as const]
    .map((area) => ({ area, rows: rows.filter((r) => r.area === area) }))
    .filter((a) => a.rows.length > 0);
  const columns = showEffective ? 3 : 2;
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
      {entries && areas.length === 0 ? (
        <EmptyState text={TEXTS.noRecords} />
      ) : !entries && !loading ? (
        <EmptyState text={emptyText} />
      ) : (
        <Paper withBorder radius="md" pos="relative" className={classes.frame}>
          <LoadingOverlay visible={loading} zIndex={5} overlayProps={{ blur: 1 }} />
          <Table aria-label="Permissions" verticalSpacing="xs" highlightOnHover className={classes.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Page</Table.Th>
                {showEffective ? <Table.Th>Effective</Table.Th> : null}
                <Table.Th ta="right">Has Permissions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            {areas.map(({ area, rows: list }) => (
              <Table.Tbody key={area}>
                <Table.Tr className={classes.areaRow}>
                  <Table.Th colSpan={columns} scope="rowgroup">
                    {area}
                  </Table.Th>
                </Table.Tr>
                {list.map((e) => {
                  const button = (
                    <Button
                      size="compact-sm"
                      w={56}
                      color={e.granted ? 'green' : 'gray'}
                      variant={e.granted ? 'filled' : 'default'}
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
                    <Table.Tr key={e.id} data-permission={e.name}>
                      <Table.Td>
                        <Text size="sm">{e.label}</Text>
                        <Text size="xs" c="dimmed" ff="monospace">
                          {e.name}
                        </Text>
                      </Table.Td>
                      {showEffective ? (
                        <Table.Td>
                          <Effective entry={e} />
                        </Table.Td>
                      ) : null}
                      <Table.Td>
                        <Group justify="flex-end" wrap="nowrap">
                          {canToggle ? (
                            button
                          ) : (
                            <Tooltip label="You cannot change permissions">{button}</Tooltip>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            ))}
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
