import type { ReviewedAccessRequest } from '@admin/contract';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { getHotkeyHandler } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { calls } from '../../api/calls';
import { callKey, useApiMutation } from '../../api/hooks';
import { messageOf } from '../../api/notify';
import { formatDateTime } from '../../lib/format';

export type Decision = 'grant' | 'decline';

const REFRESH = [
  calls.conversationAccessRequests,
  calls.conversationAccessRequestCount,
  calls.myConversationAccessRequest,
];

/**
 * Asks before answering a request, with a note the requester reads (on their screen and in the
 * mail). Cancel and Escape leave it unanswered; Ctrl/Cmd+Enter in the note answers. A failure
 * (someone answered first, a refusal) shows in the dialog, which stays open.
 */
export function AnswerDialog({
  request,
  decision,
  onClose,
  onAnswered,
}: {
  request: ReviewedAccessRequest;
  decision: Decision;
  onClose: () => void;
  onAnswered: () => void;
}) {
  const [note, setNote] = useState('');
  const queryClient = useQueryClient();
  const options = {
    invalidates: REFRESH,
    alertOnError: false,
    onSuccess: onAnswered,
    // Answered by someone else meanwhile (409), or refused: the list shows how it stands now.
    onError: () => {
      for (const call of REFRESH) {
        void queryClient.invalidateQueries({ queryKey: callKey(call) });
      }
    },
  } as const;
  const grant = useApiMutation(calls.grantConversationAccess, options);
  const decline = useApiMutation(calls.denyConversationAccess, options);
  const mutation = decision === 'grant' ? grant : decline;
  const { name, username } = request.requester;
  const submit = () => {
    if (!mutation.isPending) {
      mutation.mutate({ id: request.id, note: note.trim() || undefined });
    }
  };
  const granting = decision === 'grant';
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={granting ? `Grant access to ${name}?` : `Decline ${name}'s request?`}
      closeOnClickOutside={!mutation.isPending}
      closeOnEscape={!mutation.isPending}
    >
      <Stack gap="sm">
        <Text size="sm">
          {granting
            ? `${name} (@${username}) will read every user's conversations: the conversation permission is granted on their own account, as on their permissions page.`
            : `${name} (@${username}) gets no access to conversations, and can ask again.`}
        </Text>
        <Text size="sm" c="dimmed">
          Asked {formatDateTime(request.created_at)}
          {request.message ? `: “${request.message}”` : ', without a message.'}
        </Text>
        <Textarea
          label={`Note to ${name} (optional)`}
          description="They see it in the Admin Panel and in the mail that tells them."
          placeholder={granting ? 'e.g. For the support rota this month' : 'e.g. Ask your team lead first'}
          autosize
          minRows={2}
          maxLength={1000}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          onKeyDown={getHotkeyHandler([['mod+Enter', submit]])}
          data-autofocus
        />
        {mutation.isError ? (
          <Alert color="red" variant="light" role="alert" title="Not answered">
            {messageOf(mutation.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button color={granting ? 'green' : 'red'} onClick={submit} loading={mutation.isPending}>
            {granting ? 'Grant access' : 'Decline request'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
