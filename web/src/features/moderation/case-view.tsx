import type { ModerationCaseDetail } from '@admin/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { useCan } from '../../auth/can';
import { formatDateTime } from '../../lib/format';
import { DECISION_LABELS, REASON_LABELS, STATUS_COLORS, STATUS_LABELS } from '../../lib/moderation';
import { paths } from '../../paths';
import { EmptyState } from '../../ui/empty-state';
import { ErrorAlert } from '../../ui/error-alert';
import { MediaThumb } from '../../ui/media-thumb';
import { CaseLine } from '../../ui/moderation-history';
import { PageLoader } from '../../ui/page-loader';
import { RelativeTime } from '../../ui/relative-time';
import { UserAvatar } from '../../ui/user-avatar';
import { DecisionPanel } from './decision-panel';
import type { Desk } from './use-desk';

function Target({ c }: { c: ModerationCaseDetail }) {
  const canProfile = useCan('user_profile');
  const canPost = useCan('post_details');
  const author = (
    <Group gap="xs" wrap="nowrap">
      <UserAvatar src={c.user.avatar} name={c.user.name} size={30} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        {canProfile ? (
          <Anchor component={Link} to={paths.userProfile(c.user.id)} size="sm" fw={600}>
            {c.user.name}
          </Anchor>
        ) : (
          <Text size="sm" fw={600}>
            {c.user.name}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          @{c.user.username} · member since {formatDateTime(c.user.created_at)}
        </Text>
      </Stack>
      {c.user.is_suspended ? <Badge color="red">Suspended</Badge> : null}
      {c.user.deleted_at ? <Badge color="gray">Deleted</Badge> : null}
    </Group>
  );
  if (!c.post) {
    return <Stack gap="xs">{author}</Stack>;
  }
  return (
    <Stack gap="xs">
      {c.post.media.length > 0 ? (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          {c.post.media.slice(0, 6).map((m) => (
            <MediaThumb
              key={m.id}
              src={m.image}
              type={m.type}
              alt={m.title ?? 'Post media'}
              w="100%"
              h={120}
            />
          ))}
        </SimpleGrid>
      ) : null}
      <Group gap="xs">
        <Title order={3} size="h4">
          {c.post.title ?? 'Untitled post'}
        </Title>
        {c.target.removed ? <Badge color="red">Removed</Badge> : null}
        {canPost && !c.target.removed ? (
          <Anchor component={Link} to={paths.postDetails(c.post.id)} size="xs">
            Post details
          </Anchor>
        ) : null}
      </Group>
      {c.post.website ? (
        <Text size="xs" c="dimmed">
          {c.post.website}
        </Text>
      ) : null}
      {c.post.description ? <Text size="sm">{c.post.description}</Text> : null}
      {author}
    </Stack>
  );
}

/** The open case: claim, target, decision, reports and the author's earlier cases. */
export function CaseView({ desk }: { desk: Desk }) {
  if (desk.selectedId === null) {
    return (
      <Card withBorder padding="lg">
        <EmptyState text="Press J to open the first case, or pick one from the queue. Press ? for the keys." />
      </Card>
    );
  }
  if (desk.detail.isError) {
    return <ErrorAlert error={desk.detail.error} onRetry={() => desk.detail.refetch()} />;
  }
  if (!desk.detail.data) {
    return <PageLoader />;
  }
  const c = desk.detail.data.data;
  const heldByOther = desk.holder?.includes('is reviewing');
  return (
    <Card withBorder padding="md" aria-label={`Case ${c.id}`} data-testid="case-view">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Title order={2} size="h4">
              Case #{c.id}
            </Title>
            <Badge color={STATUS_COLORS[c.status]} data-testid="case-status">
              {STATUS_LABELS[c.status]}
            </Badge>
            <Text size="xs" c="dimmed">
              {c.report_count} report{c.report_count === 1 ? '' : 's'} by {c.reporter_count}, first{' '}
              <RelativeTime value={c.first_report_at} />
            </Text>
          </Group>
          {c.status === 'in_review' && c.reviewer?.id === desk.me ? (
            <Badge variant="light" color="yellow">
              You are reviewing
            </Badge>
          ) : null}
        </Group>
        {desk.holder ? (
          <Alert color="yellow" data-testid="claim-alert">
            <Group justify="space-between" wrap="wrap">
              <Text size="sm">{desk.holder}</Text>
              {heldByOther ? (
                <Button
                  size="xs"
                  variant="light"
                  color="yellow"
                  onClick={desk.takeOver}
                  loading={desk.claimPending}
                >
                  Take over
                </Button>
              ) : null}
            </Group>
          </Alert>
        ) : null}
        <Target c={c} />
        <Divider />
        {c.status === 'decided' && c.decision ? (
          <Alert
            color="gray"
            title={`${DECISION_LABELS[c.decision]}${c.reason ? ` · ${REASON_LABELS[c.reason]}` : ''}`}
          >
            Decided by {c.decided_by?.name ?? 'someone'} {c.decided_at ? formatDateTime(c.decided_at) : ''}
            {c.note ? ` — ${c.note}` : ''}
          </Alert>
        ) : heldByOther ? null : (
          <DecisionPanel desk={desk} c={c} />
        )}
        <Divider label="Reports" labelPosition="left" />
        <Stack gap={4}>
          {c.reports.map((r) => (
            <Group key={r.id} gap="xs" wrap="nowrap">
              <Text size="sm" fw={500}>
                {r.reporter.name}
              </Text>
              <Text size="sm" c="dimmed" truncate>
                {r.reason ?? 'No reason given'}
              </Text>
              <Text size="xs" c="dimmed" ml="auto" style={{ whiteSpace: 'nowrap' }}>
                <RelativeTime value={r.created_at} />
              </Text>
            </Group>
          ))}
        </Stack>
        <Divider label="The author's other cases" labelPosition="left" />
        {c.author_cases.length === 0 ? (
          <Text size="sm" c="dimmed">
            None: this is their first.
          </Text>
        ) : (
          <Stack gap="sm">
            {c.author_cases.map((x) => (
              <CaseLine key={x.id} c={x} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
