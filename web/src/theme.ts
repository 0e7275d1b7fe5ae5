import { BREAKPOINTS } from '@admin/contract';
import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  luminance,
  type MantineColorsTuple,
} from '@mantine/core';

const em = (px: number) => `${px / 16}em`;

const brand: MantineColorsTuple = [
  '#e7f5ff',
  '#d0ebff',
  '#a5d8ff',
  '#74c0fc',
  '#4dabf7',
  '#339af0',
  '#228be6',
  '#1c7ed6',
  '#1971c2',
  '#1864ab',
];

/**
 * The app theme: spec 01 section 9 breakpoints (Mantine wants em), one brand blue, soft radius.
 * Colours meet WCAG AA (4.5:1): filled colours are shade 8, and their text turns black when the
 * colour is light (luminance above 0.18, where white would fall below 4.5:1 and black passes).
 */
export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  luminanceThreshold: 0.18,
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  breakpoints: {
    xs: em(BREAKPOINTS.xs),
    sm: em(BREAKPOINTS.sm),
    md: em(BREAKPOINTS.md),
    lg: em(BREAKPOINTS.lg),
    xl: em(BREAKPOINTS.xl),
  },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'md' } },
  },
});

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

/** `color` darkened in small steps until it reads at 4.5:1 on `background` (WCAG AA text). */
function readable(color: string, background: string): string {
  let c = color;
  for (let step = 1; contrast(c, background) < 4.5 && step <= 20; step++) {
    c = darken(color, step * 0.04);
  }
  return c;
}

/**
 * Mantine's light scheme fails 4.5:1 in places: dimmed text (gray 6 on white, 3.3:1), tinted text
 * such as green or orange (shade 8 on white), and light badges, alerts and buttons (shade 9 on
 * shade 1, e.g. yellow 2.7:1). Those are darkened just enough; the dark scheme's dimmed text (dark 2,
 * 4.0:1) and placeholders are lightened.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#6b7178',
  };
  for (const [name, shades] of Object.entries(t.colors)) {
    const text = readable(shades[8], t.colors.gray[0]);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    light[`--mantine-color-${name}-light-color`] = readable(shades[9], shades[2]);
  }
  return {
    variables: {},
    light,
    dark: { '--mantine-color-dimmed': '#a8a8a8', '--mantine-color-placeholder': '#999999' },
  };
};
