import { CAMPAIGN_SETTABLE_STATUSES, CAMPAIGN_TEXTS, type CampaignRow } from '@admin/contract';
import {
  Badge,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import { calls } from '../../api/calls';
import { useApiMutation } from '../../api/hooks';
import { useCan } from '../../auth/can';
import { type DialogDraft, keptDialog, useKeepDraft, useRestoredDraft } from '../../auth/drafts';
import { GuardedModal } from '../../ui/unsaved-changes';

const STATUS_COLORS: Record<string, string> = {
  Draft: 'gray',
  Pending: 'yellow',
  Approved: 'teal',
  Declined: 'red',
  Running: 'blue',
  Paused: 'orange',
  Completed: 'grape',
};

/** Calls refreshed after any status change or approval. */
const CAMPAIGN_QUERIES = [
  calls.campaignsList,
  calls.campaignUsers,
  calls.campaignDetails,
  calls.campaignInsights,
] as const;

/**
 * The status change open on a page (the list's popup or the details page) for a draft kept across
 * a sign-in (issue 34 point 8): the chosen status and the decline reason, for which campaign (and
 * on the list, whose campaigns were expanded).
 */
export const STATUS_DRAFT = 'campaign-status';

type StatusDraft = DialogDraft<
  { status: string | null; reason: string; declining: boolean },
  { campaign: number; customer?: number }
>;

/** The status badge with its hint ('Duration', 'Budget', 'Per day budget exceed'). */
export function StatusBadge({ row }: { row: Pick<CampaignRow, 'status' | 'status_hint'> }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={STATUS_COLORS[row.status] ?? 'gray'} variant="light">
        {row.status}
      </Badge>
      {row.status_hint ? (
        <Text size="xs" c={row.status_hint === 'Per day budget exceed' ? 'red' : 'dimmed'}>
          {row.status_hint}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The status select (Select Status, Pending, Approved, Declined, Paused) and Change Status button;
 * Declined asks for a reason in the 'Decline Reason' popup. Everything closes and reloads after.
 */
export function StatusChanger({
  campaignId,
  customerId,
  onDone,
}: {
  campaignId: number;
  /** The campaign's customer, on the list (its row is expanded again after signing in). */
  customerId?: number;
  onDone?: () => void;
}) {
  const restored = useRestoredDraft<StatusDraft>(STATUS_DRAFT);
  const kept = restored?.context.campaign === campaignId ? restored.value : undefined;
  const [status, setStatus] = useState<string | null>(kept?.status ?? null);
  const [error, setError] = useState<string | null>(null);
  const [declining, setDeclining] = useState(kept?.declining === true);
  const [reason, setReason] = useState(kept?.reason ?? '');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const canChange = useCan('campaign_status');
  const change = useApiMutation(calls.campaignStatusChange, {
    invalidates: CAMPAIGN_QUERIES,
    onSuccess: () => {
      setDeclining(false);
      setReason('');
      setStatus(null);
      onDone?.();
    },
  });

  useKeepDraft(
    STATUS_DRAFT,
    status || reason.trim()
      ? ({
          context: { campaign: campaignId, customer: customerId },
          value: { status, reason, declining },
        } satisfies StatusDraft)
      : undefined,
  );

  const submit = () => {
    if (!status) {
      setError(CAMPAIGN_TEXTS.selectStatusFirst);
      return;
    }
    setError(null);
    if (status === 'Declined') {
      setDeclining(true);
      return;
    }
    change.mutate({ id: campaignId, status: status as (typeof CAMPAIGN_SETTABLE_STATUSES)[number] });
  };

  const decline = () => {
    if (!reason.trim()) {
      setReasonError(CAMPAIGN_TEXTS.addReason);
      return;
    }
    setReasonError(null);
    change.mutate({ id: campaignId, status: 'Declined', decline_reason: reason.trim() });
  };

  return (
    <>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <Select
          aria-label="Status"
          placeholder="Select Status"
          data={[
            { value: '', label: 'Select Status' },
            ...CAMPAIGN_SETTABLE_STATUSES.map((s) => ({ value: s, label: s })),
          ]}
          value={status ?? ''}
          onChange={(v) => {
            setStatus(v || null);
            setError(null);
          }}
          error={error}
          disabled={!canChange}
          w={200}
          comboboxProps={{ withinPortal: true }}
        />
        <Button onClick={submit} loading={change.isPending && !declining} disabled={!canChange}>
          Change Status
        </Button>
      </Group>
      <GuardedModal
        opened={declining}
        dirty={reason.trim() !== '' && !change.isPending}
        onClose={() => {
          setDeclining(false);
          setReasonError(null);
        }}
        title={CAMPAIGN_TEXTS.declineReasonTitle}
        centered
      >
        <Stack>
          <Textarea
            label="Reason"
            placeholder="Why is this campaign declined?"
            autosize
            minRows={3}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={reasonError}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button color="red" onClick={decline} loading={change.isPending}>
              Decline
            </Button>
          </Group>
        </Stack>
      </GuardedModal>
    </>
  );
}

/** A status cell that opens the status changer when clicked (campaign_status). */
export function StatusCell({ row }: { row: CampaignRow }) {
  const canChange = useCan('campaign_status');
  // The popup open when the session ended opens again, with its draft, after signing in.
  const [open, setOpen] = useState(
    () => keptDialog<StatusDraft['context']>(STATUS_DRAFT)?.campaign === row.id,
  );
  if (!canChange || row.deleted) {
    return <StatusBadge row={row} />;
  }
  return (
    <>
      <Tooltip label="Change status">
        <UnstyledButton
          onClick={(e) => {
            e.stopPropagation();
            setOpen(true);
          }}
          // The name begins with what it shows (WCAG 2.5.3): 'Pending: change status of …'.
          aria-label={`${[row.status, row.status_hint].filter(Boolean).join(', ')}: change status of ${row.campaign_name}`}
        >
          <StatusBadge row={row} />
        </UnstyledButton>
      </Tooltip>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Status of ${row.campaign_name}`} centered>
        <Stack>
          <Group gap="xs">
            <Text size="sm">Current status:</Text>
            <StatusBadge row={row} />
          </Group>
          <StatusChanger campaignId={row.id} customerId={row.user_id} onDone={() => setOpen(false)} />
        </Stack>
      </Modal>
    </>
  );
}

/** The approve action and the Approved / Not Approved flag. */
export function ApproveButton({ row, size = 'xs' }: { row: CampaignRow; size?: 'xs' | 'sm' }) {
  const canApprove = useCan('campaign_status');
  const approve = useApiMutation(calls.approveCampaign, { invalidates: CAMPAIGN_QUERIES });
  if (row.is_approved) {
    return (
      <Badge color="teal" variant="light">
        {CAMPAIGN_TEXTS.approved}
      </Badge>
    );
  }
  return (
    <Button
      size={size}
      variant="light"
      color="teal"
      disabled={!canApprove || row.deleted === 1}
      loading={approve.isPending}
      onClick={(e) => {
        e.stopPropagation();
        approve.mutate({ id: row.id });
      }}
    >
      Approve
    </Button>
  );
}
