import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ApiError } from '../api/client';
import { messageOf } from '../api/notify';

/** No answer at all (offline, server down) is not 'something went wrong' on the server. */
const unreachable = (error: unknown) => error instanceof ApiError && error.status === 0;

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
      title={unreachable(error) ? 'No connection to the server' : 'Something went wrong'}
      role="alert"
    >
      {messageOf(error)}
      {onRetry ? (
        <Button size="xs" variant="light" color="red" mt="sm" display="block" onClick={onRetry}>
          Retry
        </Button>
      ) : null}
    </Alert>
  );
}
