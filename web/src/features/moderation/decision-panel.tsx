import { MODERATION_REASONS, type ModerationCaseDetail, type ModerationDecision } from '@admin/contract';
import { Button, Chip, Group, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useCan } from '../../auth/can';
import { DECISION_LABELS, REASON_LABELS } from '../../lib/moderation';
import classes from './moderation.module.css';
import type { Desk } from './use-desk';

const Key = ({ k }: { k: string }) => <span className={classes.kbd}>{k}</span>;

/** Seconds left to undo, ticking. */
function useSecondsLeft(until: number | undefined) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!until) {
      return;
    }
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [until]);
  return until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
}

/** The Undo button while the last decision can be undone (U). */
export function UndoButton({ desk }: { desk: Desk }) {
  const left = useSecondsLeft(desk.undoable?.until);
  if (!desk.undoable || left <= 0) {
    return null;
  }
  return (
    <Button size="xs" color="orange" variant="light" onClick={desk.undoLast} loading={desk.undoing}>
      Undo case #{desk.undoable.id} ({left}s)
      <Key k="U" />
    </Button>
  );
}

/** Decision, reason and note for the open case; every key has its button. */
export function DecisionPanel({ desk, c }: { desk: Desk; c: ModerationCaseDetail }) {
  const canRemove = useCan('delete_post');
  const canSuspend = useCan('suspend_account');
  const { draft, setDraft } = desk;
  const post = c.target_type === 'post';
  const choose = (decision: ModerationDecision) => setDraft({ ...draft, decision });
  const option = (decision: ModerationDecision, key: string, allowed: boolean, color: string) => (
    <Button
      size="xs"
      color={color}
      variant={draft.decision === decision ? 'filled' : 'light'}
      onClick={() => choose(decision)}
      disabled={!allowed}
      aria-pressed={draft.decision === decision}
    >
      {DECISION_LABELS[decision]}
      {key ? <Key k={key} /> : null}
    </Button>
  );
  return (
    <Stack gap="sm" data-testid="decision-panel">
      <Group gap="xs" wrap="wrap">
        {option('dismiss', 'D', true, 'gray')}
        {post ? option('remove_post', 'R', canRemove, 'red') : null}
        {option('suspend_user', 'S', canSuspend, 'orange')}
        {post ? option('remove_post_and_suspend', 'R+S', canRemove && canSuspend, 'red') : null}
      </Group>
      <Chip.Group
        value={draft.reason ?? null}
        onChange={(v) => setDraft({ ...draft, reason: (v as typeof draft.reason) ?? undefined })}
      >
        <Group gap={6} wrap="wrap" aria-label="Reason">
          {MODERATION_REASONS.map((r, i) => (
            <Chip key={r} value={r} size="xs">
              {i + 1} {REASON_LABELS[r]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Textarea
        aria-label="Note"
        placeholder="Note (optional)"
        autosize
        minRows={1}
        maxRows={4}
        maxLength={2000}
        value={draft.note}
        onChange={(e) => setDraft({ ...draft, note: e.currentTarget.value })}
      />
      <Group gap="xs">
        <Button
          size="sm"
          onClick={desk.confirm}
          disabled={!draft.decision || !draft.reason}
          loading={desk.deciding}
        >
          Confirm
          <Key k="Enter" />
        </Button>
        {!draft.decision || !draft.reason ? (
          <Text size="xs" c="dimmed">
            Choose a decision and a reason
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
