import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { messageOf } from '../api/notify';

/** The error state of a screen: the spec's alert text, with an optional retry. */
export function ErrorAlert({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  if (!error) {
    return null;
  }
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="Something went wrong"
      role="alert"
    >
      {messageOf(error)}
      {onRetry ? (
        <Button size="xs" variant="light" color="red" mt="sm" display="block" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </Alert>
  );
}
