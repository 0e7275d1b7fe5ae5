import { Alert, Button, Paper, Stack, Text, Textarea, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { calls } from '../../api/calls';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { formatDateTime } from '../../lib/format';

/** Shown instead of the conversations without the `conversation` permission (spec 01 section 2). */
export function RequestAccessPanel() {
  const [message, setMessage] = useState('');
  const mine = useApiQuery(calls.myConversationAccessRequest, {}, { alertOnError: false });
  const request = useApiMutation(calls.conversationAccessRequest, {
    invalidates: [calls.myConversationAccessRequest],
    onSuccess: () => setMessage(''),
  });
  const latest = mine.data?.data;
  const pending = latest?.status === 'pending';
  const who = latest?.decided_by_name ?? latest?.decided_by;
  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto">
      <Stack align="center" gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconLock size={26} />
        </ThemeIcon>
        <Title order={2} size="h4">
          You need access
        </Title>
        <Text c="dimmed" ta="center">
          Request access, or switch to an account with access
        </Text>
        {pending ? (
          <Alert color="blue" variant="light" w="100%" role="status">
            Your request of {formatDateTime(latest.created_at)} was sent to the staff who can grant access.
            You will be told here and by mail when they answer.
          </Alert>
        ) : latest?.status === 'denied' ? (
          <Alert color="orange" variant="light" w="100%" title="Your request was declined">
            <Text size="sm">
              {who ? `${who} declined` : 'Declined:'} your request of {formatDateTime(latest.created_at)}
              {latest.decided_at ? ` on ${formatDateTime(latest.decided_at)}` : ''}.
            </Text>
            {latest.note ? (
              <Text size="sm" mt={4}>
                Note: “{latest.note}”
              </Text>
            ) : null}
          </Alert>
        ) : null}
        <Textarea
          w="100%"
          label="Message (optional)"
          placeholder="Why you need to read conversations"
          autosize
          minRows={3}
          maxLength={1000}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          disabled={pending}
        />
        <Button
          loading={request.isPending}
          disabled={pending}
          onClick={() => request.mutate({ message: message.trim() || undefined })}
        >
          Request Access
        </Button>
      </Stack>
    </Paper>
  );
}
