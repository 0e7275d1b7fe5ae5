import type { ModerationCaseRow, ModerationDecision, ModerationReason } from '@admin/contract';

/** The desk's words for decisions and reasons (reasons in key order: 1-6). */
export const DECISION_LABELS: Record<ModerationDecision, string> = {
  dismiss: 'Dismiss',
  remove_post: 'Remove post',
  suspend_user: 'Suspend user',
  remove_post_and_suspend: 'Remove post and suspend author',
};

export const REASON_LABELS: Record<ModerationReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  nudity: 'Nudity',
  violence: 'Violence',
  misinformation: 'Misinformation',
  other: 'Other',
};

export const STATUS_LABELS: Record<ModerationCaseRow['status'], string> = {
  open: 'Open',
  in_review: 'In review',
  decided: 'Decided',
};

export const STATUS_COLORS: Record<ModerationCaseRow['status'], string> = {
  open: 'blue',
  in_review: 'yellow',
  decided: 'gray',
};
