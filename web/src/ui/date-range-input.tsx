import '@mantine/dates/styles.css';
import { FILTER_DATE_FORMAT } from '@admin/contract';
import { CloseButton } from '@mantine/core';
import { DatePickerInput, type DatePickerPreset } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';

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

const PLACEHOLDER = 'Select Date range';
const VALUE_FORMAT = 'MM-DD-YYYY';
const display = (d: string) => dayjs(d).format(VALUE_FORMAT);

/**
 * Read-only date range picker with presets, placeholder 'Select Date range' (spec 01 Dashboard).
 * `clearable` adds a reset cross.
 */
export function DateRangeInput({
  value,
  onChange,
  label,
  clearable = true,
  w = 280,
}: {
  value: DateRange;
  onChange: (range: DateRange) => void;
  label?: string;
  clearable?: boolean;
  w?: number | string;
}) {
  // The button shows the dates; its name says what they are and includes them (WCAG 2.5.3).
  const shown = value[0] ? `${display(value[0])} – ${value[1] ? display(value[1]) : ''}`.trim() : PLACEHOLDER;
  return (
    <DatePickerInput
      type="range"
      label={label}
      aria-label={`${label ?? 'Date range'}: ${shown}`}
      labelSeparator="–"
      placeholder={PLACEHOLDER}
      value={value}
      onChange={(v) => onChange([v[0] ? String(v[0]) : null, v[1] ? String(v[1]) : null])}
      presets={dateRangePresets()}
      valueFormat={VALUE_FORMAT}
      leftSection={<IconCalendar size={16} />}
      allowSingleDateInRange
      numberOfColumns={1}
      w={{ base: '100%', xs: w }}
      miw={220}
      rightSection={
        clearable && (value[0] || value[1]) ? (
          <CloseButton size="sm" aria-label="Reset dates" onClick={() => onChange([null, null])} />
        ) : undefined
      }
    />
  );
}
