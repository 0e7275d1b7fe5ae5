import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconFileUnknown } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isMissing } from '../api/client';
import { ErrorAlert } from './error-alert';
import { usePageTitle } from './page-title';

/** Where 'Back' goes from a missing record: its list. */
export interface BackTo {
  to: string;
  /** The list's name: the button reads 'Back to {label}'. */
  label: string;
}

/** The one text of a missing record (issue 34 point 8): 'User 999999999 does not exist'. */
const missingText = (thing: string, id: string | number) => `${thing} ${id} does not exist`;

/**
 * A record the address names that is not there (deleted, or a mistyped link): says which, once,
 * with the way back to its list. A retry cannot help, so there is none.
 */
function MissingRecord({ thing, id, back }: { thing: string; id: string | number; back: BackTo }) {
  const text = missingText(thing, id);
  usePageTitle(text);
  return (
    <Stack align="center" gap="sm" py="xl" data-testid="missing-record">
      <ThemeIcon variant="light" color="gray" size={56} radius="xl" aria-hidden>
        <IconFileUnknown size={30} />
      </ThemeIcon>
      <Title order={2} fz="h3" ta="center" style={{ overflowWrap: 'anywhere' }}>
        {text}
      </Title>
      <Text c="dimmed" size="sm" ta="center">
        It may have been deleted, or the address may be wrong.
      </Text>
      <Button component={Link} to={back.to} variant="light" leftSection={<IconArrowLeft size={16} />}>
        Back to {back.label}
      </Button>
    </Stack>
  );
}

/**
 * The error state of a record page: a 404 (or an id that cannot name a record, `error` null) is a
 * missing record; any other failure is the spec's alert with Retry.
 */
export function RecordError({
  error,
  thing,
  id,
  back,
  onRetry,
}: {
  error: unknown;
  thing: string;
  id: string | number;
  back: BackTo;
  onRetry?: () => void;
}) {
  if (!error || isMissing(error)) {
    return <MissingRecord thing={thing} id={id} back={back} />;
  }
  return <ErrorAlert error={error} onRetry={onRetry} />;
}
