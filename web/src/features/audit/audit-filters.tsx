import { Box, Button, Select } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { DateRangeInput } from '../../ui/date-range-input';
import type { useAuditFilters } from './use-audit-filters';

type AuditFilterState = ReturnType<typeof useAuditFilters>;

/** The audit trail's filter bar: actor (when staff may be listed), action, date range, and CSV export. */
export function AuditFilters({
  filters,
  update,
  actors,
  actions,
  downloading,
  onExport,
}: {
  filters: AuditFilterState['filters'];
  update: AuditFilterState['update'];
  /** The actor choices; undefined hides the actor filter. */
  actors?: { value: string; label: string }[];
  actions: string[];
  downloading: boolean;
  onExport: () => void;
}) {
  return (
    <>
      {actors ? (
        <Select
          aria-label="Actor"
          placeholder="Any actor"
          searchable
          clearable
          data={actors}
          value={filters.actor_id ?? null}
          onChange={(v) => update({ actor_id: v })}
          w={{ base: '100%', sm: 240 }}
        />
      ) : null}
      <Select
        aria-label="Action"
        placeholder="Any action"
        searchable
        clearable
        data={actions}
        value={filters.action ?? null}
        onChange={(v) => update({ action: v })}
        w={{ base: '100%', sm: 240 }}
      />
      {/* Full width on phones like the other filters; 280 px beside them from sm. */}
      <Box w={{ base: '100%', sm: 280 }}>
        <DateRangeInput
          w="100%"
          value={[filters.start_date ?? null, filters.end_date ?? null]}
          onChange={([from, to]) => {
            if ((from && to) || (!from && !to)) {
              update({ start_date: from, end_date: to });
            }
          }}
        />
      </Box>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        loading={downloading}
        onClick={onExport}
        w={{ base: '100%', sm: 'auto' }}
      >
        Export CSV
      </Button>
    </>
  );
}
