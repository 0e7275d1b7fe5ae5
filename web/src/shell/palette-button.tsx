import { Group, Kbd, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import classes from './palette-button.module.css';

const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The top bar's 'Search' button: opens the command palette, and shows its shortcut. Its name is its
 * visible text ('Search', plus 'pages and users' for screen readers), so voice control matches it.
 */
export function PaletteButton({ onClick }: { onClick: () => void }) {
  return (
    <UnstyledButton
      className={classes.button}
      onClick={onClick}
      aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}
      data-testid="palette-button"
    >
      <Group gap={8} wrap="nowrap">
        <IconSearch size={16} aria-hidden />
        <span className={classes.label}>
          Search<span className={classes.hidden}> pages and users</span>
        </span>
        <Kbd size="xs" className={classes.kbd} aria-hidden>
          {mac ? '⌘ K' : 'Ctrl K'}
        </Kbd>
      </Group>
    </UnstyledButton>
  );
}
