import { Alert, Button, Paper, Stack, Text, Textarea, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { calls } from '../../api/calls';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { formatDateTime } from '../../lib/format';

/** Shown instead of the conversations without the `conversation` permission. */
export function RequestAccessPanel() {
  const [message, setMessage] = useState('');
  const mine = useApiQuery(calls.myConversationAccessRequest, {}, { alertOnError: false });
  const request = useApiMutation(calls.conversationAccessRequest, {
    invalidates: [calls.myConversationAccessRequest],
    onSuccess: () => setMessage(''),
  });
  const latest = mine.data?.data;
  const pending = latest?.status === 'pending';
  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto">
      <Stack align="center" gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconLock size={26} />
        </ThemeIcon>
        <Title order={4}>You need access</Title>
        <Text c="dimmed" ta="center">
          Request access, or switch to an account with access
        </Text>
        {pending ? (
          <Alert color="blue" variant="light" w="100%">
            Your request of {formatDateTime(latest.created_at)} is waiting for a super admin.
          </Alert>
        ) : latest?.status === 'denied' ? (
          <Alert color="orange" variant="light" w="100%">
            Your request of {formatDateTime(latest.created_at)} was denied.
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
