import { Text, type TextProps, Tooltip, VisuallyHidden } from '@mantine/core';
import { type DateInput, formatDateTime, fromUtc, relativeTime } from '../lib/format';

const TIP_EVENTS = { hover: true, focus: true, touch: true };
const HOVER_ONLY = { hover: true, focus: false, touch: true };

/**
 * '3 minutes ago' (spec 01 section 9) with the date and time it stands for (MM-DD-YYYY HH:mm:ss):
 * in a tooltip on hover and on keyboard focus (the element is a Tab stop), and in its accessible
 * name. Every relative time of the app is drawn by this one component.
 *
 * `inControl`: the time sits inside a button or link (a queue row): it is no Tab stop of its own
 * (no control inside a control); the tooltip shows on hover and the name of the control carries
 * the date and time.
 */
export function RelativeTime({
  value,
  now,
  fallback = '',
  inControl = false,
  ...text
}: {
  value: DateInput;
  /** The time to count from (default: now). */
  now?: DateInput;
  /** Shown when there is no time (e.g. 'never'). */
  fallback?: string;
  inControl?: boolean;
} & TextProps) {
  const moment = fromUtc(value);
  const label = moment ? relativeTime(moment, now ?? Date.now()) : '';
  if (!moment || !label) {
    return fallback || null;
  }
  const exact = formatDateTime(moment);
  return (
    <Tooltip label={exact} events={inControl ? HOVER_ONLY : TIP_EVENTS} withinPortal openDelay={150}>
      <Text
        component="time"
        inherit
        {...text}
        dateTime={moment.toISOString()}
        tabIndex={inControl ? undefined : 0}
        data-tip
        data-testid="relative-time"
        style={{ cursor: 'help' }}
      >
        {label}
        <VisuallyHidden>, {exact}</VisuallyHidden>
      </Text>
    </Tooltip>
  );
}
