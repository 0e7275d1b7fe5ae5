import { postLoginPath, TEXTS } from '@admin/contract';
import { Alert, Button, Group } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../auth/session';
import { paths } from '../paths';

/**
 * Shown in place of a screen the user has no permission for, with a way back: the first page the
 * person may open (or signing out when there is none).
 */
export function ForbiddenNotice({ text }: { text?: string }) {
  const user = useSession()?.user;
  const here = useLocation().pathname;
  const home = user ? postLoginPath(user) : null;
  return (
    <Alert color="red" variant="light" icon={<IconLock size={18} />} title="Access denied" maw={640}>
      {text ?? TEXTS.notAuthorizedPage}
      <Group mt="md">
        {home && home !== here ? (
          <Button
            component={Link}
            to={home}
            size="xs"
            variant="light"
            leftSection={<IconArrowLeft size={14} />}
          >
            Back to my start page
          </Button>
        ) : (
          <Button component={Link} to={paths.logout} size="xs" variant="light">
            Sign out
          </Button>
        )}
      </Group>
    </Alert>
  );
}
