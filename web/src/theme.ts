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
  // Menus, dialogs and collapses open without motion for people whose system asks for less.
  respectReducedMotion: true,
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
    // A dialog's close button says what it does (axe: buttons need a name).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Toasts: a named close button, and a description under a title at 4.5:1 (Mantine's gray 6 /
    // dark 2 read at about 3.3:1), in both schemes.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notice' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
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
 * A filled colour's hover shade that keeps its text at 4.5:1: Mantine darkens to shade 9, which
 * under black text (a light colour, e.g. red 8) falls to 3.8:1; those turn to the lighter shade 7.
 */
function filledHover(shades: MantineColorsTuple, threshold: number): string {
  const blackText = luminance(shades[8]) > threshold;
  return blackText && contrast(shades[9], '#000000') < 4.5 ? shades[7] : shades[9];
}

/**
 * Mantine's light scheme fails 4.5:1 in places: dimmed text (gray 6 on white, 3.3:1), tinted text
 * such as green or orange (shade 8 on white), and light badges, alerts and buttons (shade 9 on
 * shade 1, e.g. yellow 2.7:1). Those are darkened just enough; the dark scheme's dimmed text (dark 2,
 * 4.0:1) and placeholders are lightened.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  // Mantine sets the hover shade per scheme: both get the readable one.
  const hovers: Record<string, string> = {};
  for (const [name, shades] of Object.entries(t.colors)) {
    hovers[`--mantine-color-${name}-filled-hover`] = filledHover(shades, t.luminanceThreshold);
  }
  const light: Record<string, string> = {
    ...hovers,
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#6b7178',
    // Validation and danger text (Mantine's red 6: 3.3:1 on white).
    '--mantine-color-error': readable(t.colors.red[7], '#ffffff'),
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
    dark: {
      ...hovers,
      '--mantine-color-dimmed': '#a8a8a8',
      '--mantine-color-placeholder': '#999999',
      // Mantine's dark error (red 8) is 3.4:1 on the dark body; red 4 reads at 6:1.
      '--mantine-color-error': t.colors.red[4],
    },
  };
};
