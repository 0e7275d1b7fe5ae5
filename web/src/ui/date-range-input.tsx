import '@mantine/dates/styles.css';
import { DATE_MAX, DATE_MIN, FILTER_DATE_FORMAT, FILTER_MAX_DAYS } from '@admin/contract';
import { CloseButton } from '@mantine/core';
import { DatePickerInput, type DatePickerPreset } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useRef } from 'react';

/** A range of local calendar days as 'YYYY-MM-DD' strings (what filters send). */
export type DateRange = [string | null, string | null];

const f = (d: dayjs.Dayjs) => d.format(FILTER_DATE_FORMAT);

/** The spec's presets (spec 01 Dashboard): each range includes today where it reaches today. */
export function dateRangePresets(today = dayjs()): DatePickerPreset<'range'>[] {
  const t = today.startOf('day');
  const last = (n: number): [string, string] => [f(t.subtract(n - 1, 'day')), f(t)];
  const prevMonth = t.subtract(1, 'month');
  const lastYear = t.subtract(1, 'year');
  return [
    { label: 'Today', value: [f(t), f(t)] },
    { label: 'Last 7 days', value: last(7) },
    { label: 'Last 30 days', value: last(30) },
    { label: 'Last 60 days', value: last(60) },
    { label: 'Last 90 days', value: last(90) },
    { label: 'Last 180 days', value: last(180) },
    { label: 'Current Month', value: [f(t.startOf('month')), f(t.endOf('month'))] },
    { label: 'Previous Month', value: [f(prevMonth.startOf('month')), f(prevMonth.endOf('month'))] },
    { label: 'Current Year', value: [f(t.startOf('year')), f(t.endOf('year'))] },
    { label: 'Last Year', value: [f(lastYear.startOf('year')), f(lastYear.endOf('year'))] },
  ];
}

/** {start_date, end_date} for a call, or {} while the range is incomplete. */
export function rangeParams(range: DateRange): { start_date?: string; end_date?: string } {
  return range[0] && range[1] ? { start_date: range[0], end_date: range[1] } : {};
}

const clampDay = (d: string) => (d < DATE_MIN ? DATE_MIN : d > DATE_MAX ? DATE_MAX : d);

/**
 * The range the server accepts (issue 32): both ends within DATE_MIN..DATE_MAX and the end at most
 * `maxDays` days after the start (the end moves back; a reversed range is left to the picker).
 */
export function boundedRange(range: DateRange, maxDays: number): DateRange {
  const start = range[0] ? clampDay(range[0]) : null;
  let end = range[1] ? clampDay(range[1]) : null;
  if (start && end) {
    const last = f(dayjs(start).add(maxDays - 1, 'day'));
    end = end > last ? last : end;
  }
  return [start, end];
}

/** The days the picker offers: while only the start is picked, the ends `maxDays` allows around it. */
export function pickableDays(range: DateRange, maxDays: number): { minDate: string; maxDate: string } {
  if (!range[0] || range[1]) {
    return { minDate: DATE_MIN, maxDate: DATE_MAX };
  }
  const start = dayjs(range[0]);
  return {
    minDate: clampDay(f(start.subtract(maxDays - 1, 'day'))),
    maxDate: clampDay(f(start.add(maxDays - 1, 'day'))),
  };
}

const PLACEHOLDER = 'Select Date range';
const VALUE_FORMAT = 'MM-DD-YYYY';
const display = (d: string) => dayjs(d).format(VALUE_FORMAT);

/**
 * Read-only date range picker with presets, placeholder 'Select Date range' (spec 01 Dashboard).
 * `clearable` adds a reset cross. Only ranges the server accepts can be picked: days from DATE_MIN to
 * DATE_MAX, at most `maxDays` long (a daily series: SERIES_MAX_DAYS; a list filter: FILTER_MAX_DAYS).
 */
export function DateRangeInput({
  value,
  onChange,
  label,
  clearable = true,
  w = 280,
  maxDays = FILTER_MAX_DAYS,
}: {
  value: DateRange;
  onChange: (range: DateRange) => void;
  label?: string;
  clearable?: boolean;
  w?: number | string;
  maxDays?: number;
}) {
  // The button shows the dates; its name says what they are and includes them (WCAG 2.5.3).
  const shown = value[0] ? `${display(value[0])} – ${value[1] ? display(value[1]) : ''}`.trim() : PLACEHOLDER;
  const button = useRef<HTMLButtonElement>(null);
  return (
    <DatePickerInput
      ref={button}
      // Choosing a preset or days closes the picker with focus back on its button, not <body>.
      popoverProps={{ returnFocus: true }}
      type="range"
      label={label}
      aria-label={`${label ?? 'Date range'}: ${shown}`}
      labelSeparator="–"
      placeholder={PLACEHOLDER}
      value={value}
      onChange={(v) =>
        onChange(boundedRange([v[0] ? String(v[0]) : null, v[1] ? String(v[1]) : null], maxDays))
      }
      {...pickableDays(value, maxDays)}
      presets={dateRangePresets()}
      valueFormat={VALUE_FORMAT}
      leftSection={<IconCalendar size={16} />}
      allowSingleDateInRange
      numberOfColumns={1}
      w={{ base: '100%', xs: w }}
      miw={220}
      rightSection={
        clearable && (value[0] || value[1]) ? (
          <CloseButton
            size="sm"
            aria-label="Reset dates"
            onClick={() => {
              onChange([null, null]);
              // The cross goes away with the dates: focus moves to the picker's button.
              button.current?.focus();
            }}
          />
        ) : undefined
      }
    />
  );
}
