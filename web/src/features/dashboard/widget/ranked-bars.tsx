import { Stack, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './ranked-bars.module.css';

export interface RankedBarsProps {
  /** The heading over the list ('Top countries'); also the list's name. */
  title?: string;
  /** Column heads ('Website', 'Searches'), shown above the bars. */
  barsLabel?: string;
  valueLabel?: string;
  data: { name: string; value: number }[];
  valueFormatter?: (value: number) => string;
  /** A Mantine colour name: shade 2 in the light scheme, shade 9 in the dark one. */
  color?: string;
}

/**
 * A ranked breakdown as horizontal bars (Top countries, Popular Searches…). Unlike Mantine's
 * BarsList the label is drawn over the whole row, so a short bar never cuts its letters, and its
 * colour reads on the bar and beside it in both schemes.
 */
export function RankedBars({
  title,
  barsLabel,
  valueLabel,
  data,
  valueFormatter = String,
  color = 'blue',
}: RankedBarsProps) {
  const max = Math.max(0, ...data.map((d) => d.value));
  const colours = {
    '--bar-light': `var(--mantine-color-${color}-2)`,
    '--bar-dark': `var(--mantine-color-${color}-9)`,
  } as CSSProperties;
  return (
    <Stack gap={4} style={colours}>
      {title ? (
        <Text size="sm" fw={500}>
          {title}
        </Text>
      ) : null}
      {barsLabel || valueLabel ? (
        <div className={classes.head} aria-hidden>
          <span>{barsLabel}</span>
          <span>{valueLabel}</span>
        </div>
      ) : null}
      <ul className={classes.list} aria-label={title ?? barsLabel}>
        {data.map((d) => (
          <li key={d.name} className={classes.row} data-testid="ranked-bar">
            <div className={classes.track}>
              <div className={classes.fill} style={{ width: `${max > 0 ? (d.value / max) * 100 : 0}%` }} />
              <span className={classes.label}>{d.name}</span>
            </div>
            <span className={classes.value}>{valueFormatter(d.value)}</span>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
