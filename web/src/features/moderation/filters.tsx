import { MODERATION_REASONS, type ModerationReason } from '@admin/contract';
import { Chip, Group, SegmentedControl, Select } from '@mantine/core';
import { REASON_LABELS } from '../../lib/moderation';
import type { Desk, DeskStatus } from './use-desk';

/** The queue's filters: status, target type, reason, many reporters, mine. */
export function DeskFilters({ desk }: { desk: Desk }) {
  const { filters, setFilters } = desk;
  return (
    <Group gap="sm" mb="md" wrap="wrap">
      <SegmentedControl
        aria-label="Status"
        size="xs"
        value={filters.status}
        onChange={(v) => setFilters({ status: v as DeskStatus })}
        data={[
          { value: 'undecided', label: 'To do' },
          { value: 'open', label: 'Open' },
          { value: 'in_review', label: 'In review' },
          { value: 'decided', label: 'Decided' },
        ]}
      />
      <Select
        aria-label="Target type"
        size="xs"
        w={150}
        value={filters.target_type ?? 'all'}
        onChange={(v) => setFilters({ target_type: v === 'post' || v === 'user' ? v : undefined })}
        data={[
          { value: 'all', label: 'Posts and users' },
          { value: 'post', label: 'Posts' },
          { value: 'user', label: 'Users' },
        ]}
        allowDeselect={false}
      />
      <Select
        aria-label="Reason"
        size="xs"
        w={150}
        value={filters.reason ?? 'all'}
        onChange={(v) => setFilters({ reason: v && v !== 'all' ? (v as ModerationReason) : undefined })}
        data={[
          { value: 'all', label: 'Any reason' },
          ...MODERATION_REASONS.map((r) => ({ value: r, label: REASON_LABELS[r] })),
        ]}
        allowDeselect={false}
      />
      <Chip
        size="xs"
        checked={filters.min_reporters !== undefined}
        onChange={(on) => setFilters({ min_reporters: on ? 3 : undefined })}
      >
        3+ reporters
      </Chip>
      <Chip size="xs" checked={filters.mine} onChange={(on) => setFilters({ mine: on })}>
        Mine
      </Chip>
    </Group>
  );
}
