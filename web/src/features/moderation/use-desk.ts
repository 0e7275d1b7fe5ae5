import {
  MODERATION_UNDO_MS,
  type ModerationCaseRow,
  type ModerationDecision,
  type ModerationEvent,
  type ModerationReason,
} from '@admin/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { calls } from '../../api/calls';
import { callKey, useApiMutation, useApiQuery } from '../../api/hooks';
import { useSession } from '../../auth/session';
import { DECISION_LABELS } from '../../lib/moderation';
import { useModerationLive } from './live';

export type DeskStatus = 'undecided' | 'open' | 'in_review' | 'decided';

export interface DeskFilters {
  status: DeskStatus;
  target_type?: 'post' | 'user';
  reason?: ModerationReason;
  /** Only cases with at least this many reporters. */
  min_reporters?: number;
  /** Only the cases I review(ed). */
  mine: boolean;
}

export interface Draft {
  decision?: ModerationDecision;
  reason?: ModerationReason;
  note: string;
}

/** R then S (or S then R) on a post: remove it and suspend its author. */
export function combine(
  current: ModerationDecision | undefined,
  key: 'remove' | 'suspend',
): ModerationDecision {
  if (key === 'remove') {
    return current === 'suspend_user' || current === 'remove_post_and_suspend'
      ? 'remove_post_and_suspend'
      : 'remove_post';
  }
  return current === 'remove_post' || current === 'remove_post_and_suspend'
    ? 'remove_post_and_suspend'
    : 'suspend_user';
}

/** The desk's state: queue, counts, the open case and its claim, the draft decision, undo, live notices. */
export function useDesk() {
  const me = useSession()?.user.id ?? 0;
  const queryClient = useQueryClient();
  const [filters, setFiltersState] = useState<DeskFilters>({ status: 'undecided', mine: false });
  const [page, setPage] = useState(0);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [holder, setHolder] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>({ note: '' });
  const [notice, setNotice] = useState<string | null>(null);

  const { mine, ...chosen } = filters;
  const params = { ...chosen, reviewer_id: mine ? me : undefined, page, page_limit: 25 };
  const queue = useApiQuery(calls.moderationCases, params);
  const stats = useApiQuery(calls.moderationStats, {});
  const detail = useApiQuery(
    calls.moderationCase,
    { id: selectedId ?? 0 },
    { enabled: selectedId !== null, placeholderData: undefined },
  );
  const cases: ModerationCaseRow[] = queue.data?.cases ?? [];

  const refresh = useCallback(
    (id?: number) => {
      void queryClient.invalidateQueries({ queryKey: callKey(calls.moderationCases) });
      void queryClient.invalidateQueries({ queryKey: callKey(calls.moderationStats) });
      if (id !== undefined) {
        void queryClient.invalidateQueries({ queryKey: callKey(calls.moderationCase, { id }) });
      }
    },
    [queryClient],
  );

  const claim = useApiMutation(calls.moderationClaim, {
    alertOnSuccess: false,
    alertOnError: false,
    onSuccess: (data) => {
      setHolder(null);
      refresh(data.data.id);
    },
    onError: (err) => setHolder(err.message),
  });

  const select = (id: number | null) => {
    setSelectedId(id);
    setDraft({ note: '' });
    setHolder(null);
    if (id !== null) {
      claim.mutate({ id, take_over: false });
    }
  };

  const move = (delta: number) => {
    if (cases.length === 0) {
      return;
    }
    const at = cases.findIndex((c) => c.id === selectedId);
    const next =
      at < 0 ? (delta > 0 ? 0 : cases.length - 1) : Math.min(cases.length - 1, Math.max(0, at + delta));
    select(cases[next].id);
  };

  const decisions = useDecisions({
    cases,
    selectedId,
    select,
    draft,
    refresh,
    reopen: (id) => {
      setSelectedId(id);
      setDraft({ note: '' });
      setHolder(null);
    },
  });
  const takeOver = () => {
    if (selectedId !== null) {
      claim.mutate({ id: selectedId, take_over: true });
    }
  };

  const live = useLiveDesk(me, selectedId, refresh, setNotice, setHolder, () => {
    setSelectedId(null);
    setDraft({ note: '' });
  });

  const setFilters = (next: Partial<DeskFilters>) => {
    setFiltersState((f) => ({ ...f, ...next }));
    setPage(0);
  };

  return {
    me,
    filters,
    setFilters,
    page,
    setPage,
    params,
    queue,
    cases,
    stats,
    selectedId,
    select,
    move,
    detail,
    holder,
    takeOver,
    claimPending: claim.isPending,
    draft,
    setDraft,
    ...decisions,
    notice,
    setNotice,
    live,
    refresh,
  };
}

/** Deciding the open case and undoing the last decision (for MODERATION_UNDO_MS). */
function useDecisions({
  cases,
  selectedId,
  select,
  draft,
  refresh,
  reopen,
}: {
  cases: ModerationCaseRow[];
  selectedId: number | null;
  select: (id: number | null) => void;
  draft: Draft;
  refresh: (id?: number) => void;
  reopen: (id: number) => void;
}) {
  const [undoable, setUndoable] = useState<{ id: number; until: number } | null>(null);
  const decide = useApiMutation(calls.moderationDecision, {
    onSuccess: (data) => {
      setUndoable({ id: data.data.id, until: Date.now() + MODERATION_UNDO_MS });
      const at = cases.findIndex((c) => c.id === data.data.id);
      const next = cases[at + 1] ?? cases[at - 1];
      select(next && next.id !== data.data.id ? next.id : null);
      refresh(data.data.id);
    },
  });

  const undo = useApiMutation(calls.moderationUndo, {
    onSuccess: (data) => {
      setUndoable(null);
      reopen(data.data.id);
      refresh(data.data.id);
    },
  });

  const confirm = () => {
    if (selectedId !== null && draft.decision && draft.reason && !decide.isPending) {
      decide.mutate({
        id: selectedId,
        decision: draft.decision,
        reason: draft.reason,
        note: draft.note.trim() || undefined,
      });
    }
  };
  const undoLast = () => {
    if (undoable && Date.now() < undoable.until && !undo.isPending) {
      undo.mutate({ id: undoable.id });
    }
  };
  return { confirm, deciding: decide.isPending, undoable, undoLast, undoing: undo.isPending };
}

/** Every desk event refreshes the queue and counts; a case decided or taken over elsewhere says so. */
function useLiveDesk(
  me: number,
  selectedId: number | null,
  refresh: (id?: number) => void,
  setNotice: (n: string) => void,
  setHolder: (h: string) => void,
  closeCase: () => void,
) {
  const queryClient = useQueryClient();
  return useModerationLive((e: ModerationEvent) => {
    if (e.kind === 'decision') {
      // Off the undecided queues at once; the refetch below settles every list.
      queryClient.setQueriesData<{ cases: ModerationCaseRow[] }>(
        { queryKey: callKey(calls.moderationCases) },
        (old) =>
          old && 'cases' in old
            ? { ...old, cases: old.cases.filter((c) => c.id !== e.case.id || c.status === 'decided') }
            : old,
      );
    }
    refresh(e.case.id);
    const byOther = e.by !== null && e.by.id !== me;
    if (e.kind === 'decision' && byOther && e.case.decision) {
      const what = `${e.by?.name} decided case #${e.case.id}: ${DECISION_LABELS[e.case.decision]}`;
      setNotice(e.case.id === selectedId ? `${what}. It has left your queue.` : what);
      if (e.case.id === selectedId) {
        closeCase();
      }
    }
    if (e.kind === 'claim' && byOther && e.case.id === selectedId) {
      setHolder(`${e.by?.name} is reviewing this case`);
      if (e.took_over_from?.id === me) {
        setNotice(`${e.by?.name} took over case #${e.case.id}`);
      }
    }
  });
}

export type Desk = ReturnType<typeof useDesk>;
