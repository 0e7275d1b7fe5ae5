import { MODERATION_REASONS } from '@admin/contract';
import { useEffect, useRef } from 'react';
import { combine, type Desk } from './use-desk';

export const KEYS: readonly [string, string][] = [
  ['J / K', 'Next / previous case (opening a case claims it for 10 minutes)'],
  ['D', 'Dismiss: no violation'],
  ['R', 'Remove the post'],
  ['S', 'Suspend the user (the author of a post)'],
  ['R then S', 'Remove the post and suspend its author'],
  ['1-6', 'Reason: spam, harassment, nudity, violence, misinformation, other'],
  ['Enter', 'Confirm the decision'],
  ['U', 'Undo the last decision (10 seconds)'],
  ['?', 'Show these keys'],
];

const typing = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

/** The desk's keys (see KEYS); none while typing in a field or while a dialog is open. */
export function useDeskKeys(desk: Desk, toggleHelp: () => void, blocked: boolean) {
  const ref = useRef(desk);
  ref.current = desk;
  const help = useRef(toggleHelp);
  help.current = toggleHelp;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const d = ref.current;
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) {
        return;
      }
      if (e.key === '?') {
        e.preventDefault();
        help.current();
        return;
      }
      if (blocked || document.querySelector('[role="dialog"]')) {
        return;
      }
      const post = d.detail.data?.data.target_type === 'post';
      const key = e.key.toLowerCase();
      const reason = MODERATION_REASONS[Number(e.key) - 1];
      if (key === 'j' || key === 'k') {
        d.move(key === 'j' ? 1 : -1);
      } else if (key === 'u') {
        d.undoLast();
      } else if (d.selectedId === null || !d.detail.data || d.detail.data.data.status === 'decided') {
        return;
      } else if (key === 'd') {
        d.setDraft({ ...d.draft, decision: 'dismiss' });
      } else if (key === 'r' && post) {
        d.setDraft({ ...d.draft, decision: combine(d.draft.decision, 'remove') });
      } else if (key === 's') {
        d.setDraft({ ...d.draft, decision: post ? combine(d.draft.decision, 'suspend') : 'suspend_user' });
      } else if (reason && /^[1-6]$/.test(e.key)) {
        d.setDraft({ ...d.draft, reason });
      } else if (e.key === 'Enter' && d.draft.decision && d.draft.reason) {
        e.preventDefault();
        d.confirm();
      } else {
        return;
      }
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [blocked]);
}
