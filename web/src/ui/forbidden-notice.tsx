import { TEXTS } from '@admin/contract';
import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** Shown in place of a screen the user has no permission for. */
export function ForbiddenNotice({ text }: { text?: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconLock size={18} />} title="Access denied" maw={640}>
      {text ?? TEXTS.notAuthorizedPage}
    </Alert>
  );
}
