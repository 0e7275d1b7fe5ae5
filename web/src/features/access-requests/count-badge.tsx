import { Badge, VisuallyHidden } from '@mantine/core';
import { useAccessRequestCount } from './use-count';

/**
 * The sidebar entry's count: the requests the reviewer may answer (red), else those waiting for
 * someone else (grey), else nothing.
 */
export default function AccessRequestsBadge() {
  const count = useAccessRequestCount();
  if (!count || count.pending === 0) {
    return null;
  }
  const mine = count.answerable > 0;
  const n = mine ? count.answerable : count.pending;
  return (
    <Badge size="sm" circle={n < 10} variant={mine ? 'filled' : 'light'} color={mine ? 'red' : 'gray'}>
      {n}
      <VisuallyHidden>{mine ? ' waiting for you' : ' pending, none you can answer'}</VisuallyHidden>
    </Badge>
  );
}
