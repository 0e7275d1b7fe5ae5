import type { ModerationCaseRow } from '@admin/contract';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { calls } from '../api/calls';
import { useApiQuery } from '../api/hooks';
import { useCan } from '../auth/can';
import { formatDateTime } from '../lib/format';
import { DECISION_LABELS, REASON_LABELS, STATUS_COLORS, STATUS_LABELS } from '../lib/moderation';

type Filter = { target_type: 'post'; target_id: number } | { author_id: number };

/** One case as a line of the history: status, decision, reason, who and when, the note. */
export function CaseLine({ c }: { c: Omit<ModerationCaseRow, 'target'> }) {
  return (
    <Stack gap={2} data-testid="moderation-case">
      <Group gap="xs" wrap="wrap">
        <Badge color={STATUS_COLORS[c.status]} variant="light">
          {STATUS_LABELS[c.status]}
        </Badge>
        <Text size="sm" fw={600}>
          {c.target_type === 'post' ? `Post #${c.target_id}` : 'Account'}
        </Text>
        {c.decision ? <Text size="sm">{DECISION_LABELS[c.decision]}</Text> : null}
        {c.reason ? (
          <Badge variant="outline" color="gray">
            {REASON_LABELS[c.reason]}
          </Badge>
        ) : null}
        <Text size="xs" c="dimmed">
          {c.report_count} report{c.report_count === 1 ? '' : 's'}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {c.decided_by && c.decided_at
          ? `Decided by ${c.decided_by.name}, ${formatDateTime(c.decided_at)}`
          : `First reported ${formatDateTime(c.first_report_at)}`}
      </Text>
      {c.note ? <Text size="sm">{c.note}</Text> : null}
    </Stack>
  );
}

/**
 * The Moderation section of post details and the profile: every case about the post, or about the
 * user (their account and their posts), newest first. Shown to moderation_desk holders only.
 */
export function ModerationHistory({ filter }: { filter: Filter }) {
  const can = useCan('moderation_desk');
  const q = useApiQuery(
    calls.moderationCases,
    { ...filter, status: 'all', order_by: 'first_report_at', direction: 'desc', page_limit: 20 },
    { enabled: can },
  );
  if (!can) {
    return null;
  }
  const cases = q.data?.cases ?? [];
  return (
    <Card withBorder padding="md" mt="lg" aria-label="Moderation">
      <Title order={2} size="h4" mb="sm">
        Moderation
      </Title>
      {q.isPending ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : cases.length === 0 ? (
        <Text size="sm" c="dimmed">
          No reports have been handled here.
        </Text>
      ) : (
        <Stack gap="md">
          {cases.map((c) => (
            <CaseLine key={c.id} c={c} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
